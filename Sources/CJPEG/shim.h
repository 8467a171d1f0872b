#ifndef FULLBLEED_CJPEG_SHIM_H
#define FULLBLEED_CJPEG_SHIM_H
#include <stdio.h>   /* jpeglib.h needs FILE and size_t first */
#include <jpeglib.h>
#endif
