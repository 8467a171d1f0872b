#ifndef FULLBLEED_CCRYPTO_SHIM_H
#define FULLBLEED_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#endif
