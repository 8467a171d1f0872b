/* libjpeg-turbo shims (implemented in fbs_jpeg.c). */
#ifndef FBS_JPEG_H
#define FBS_JPEG_H
#include "fbs_common.h"
#endif
