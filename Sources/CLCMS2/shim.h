#ifndef FULLBLEED_CLCMS2_SHIM_H
#define FULLBLEED_CLCMS2_SHIM_H
#include <lcms2.h>
#endif
