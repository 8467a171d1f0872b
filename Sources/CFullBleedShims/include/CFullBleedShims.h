/* Umbrella header of the C shim target: every setjmp/longjmp of FullBleed lives behind these headers. */
#ifndef CFULLBLEEDSHIMS_H
#define CFULLBLEEDSHIMS_H
#include "fbs_common.h"
#include "fbs_jpeg.h"
#include "fbs_png.h"
#endif
