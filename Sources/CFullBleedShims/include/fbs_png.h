/* libpng shims (implemented in fbs_png.c). */
#ifndef FBS_PNG_H
#define FBS_PNG_H
#include "fbs_common.h"
#endif
