#ifndef FULLBLEED_CHEIF_SHIM_H
#define FULLBLEED_CHEIF_SHIM_H
#include <libheif/heif.h>
#endif
