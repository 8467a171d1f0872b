#include "fbs_common.h"
#include <string.h>

void fbs_copy_message(char *dst, const char *src) {
    if (dst == NULL) return;
    if (src == NULL) { dst[0] = '\0'; return; }
    size_t n = strlen(src);
    if (n >= FBS_MESSAGE_CAPACITY) n = FBS_MESSAGE_CAPACITY - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}
