#ifndef FULLBLEED_CCRYPTO_SHIM_H
#define FULLBLEED_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
