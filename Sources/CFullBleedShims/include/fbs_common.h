#ifndef FBS_COMMON_H
#define FBS_COMMON_H
#include <stddef.h>
#include <stdint.h>

/* Capacity of every error-message buffer the shims fill (bytes, including the terminating NUL). */
#define FBS_MESSAGE_CAPACITY 256

/* Status codes returned by every shim function. */
typedef enum fbs_status_code {
    FBS_OK = 0,
    FBS_ERROR_CORRUPT = 1,      /* the library reported an error (message filled) */
    FBS_ERROR_LIMIT = 2,        /* the header claims more pixels than the caller allows */
    FBS_ERROR_UNSUPPORTED = 3,  /* valid data the shim does not handle */
    FBS_ERROR_MEMORY = 4,       /* allocation failed */
    FBS_ERROR_ARGUMENT = 5,     /* a caller-side parameter was invalid */
    FBS_ERROR_TIMEOUT = 6       /* the caller's deadline passed; the work was abandoned */
} fbs_status_code;

/* Copies a NUL-terminated message into `dst` (capacity FBS_MESSAGE_CAPACITY), truncating safely. */
void fbs_copy_message(char *dst, const char *src);

/* Nanoseconds on CLOCK_MONOTONIC: the clock of every shim deadline. */
uint64_t fbs_monotonic_nanoseconds(void);

/* Whether `deadline` (fbs_monotonic_nanoseconds() time; 0 means none) has passed. */
int fbs_deadline_passed(uint64_t deadline);

#endif
