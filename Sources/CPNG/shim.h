#ifndef FULLBLEED_CPNG_SHIM_H
#define FULLBLEED_CPNG_SHIM_H
#include <png.h>
#endif
