#include "fbs_common.h"
#include <string.h>
#include <time.h>

void fbs_copy_message(char *dst, const char *src) {
    if (dst == NULL) return;
    if (src == NULL) { dst[0] = '\0'; return; }
    size_t n = strlen(src);
    if (n >= FBS_MESSAGE_CAPACITY) n = FBS_MESSAGE_CAPACITY - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

uint64_t fbs_monotonic_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

int fbs_deadline_passed(uint64_t deadline) {
    return deadline != 0 && fbs_monotonic_nanoseconds() >= deadline;
}
