/* libpng shims (implemented in fbs_png.c).
 *
 * Every libpng call that can fail runs behind setjmp in these functions: libpng's errors arrive in our
 * error callback, which copies the message and png_longjmp()s back, so each function returns a status
 * code and fills the caller's `message` buffer (capacity FBS_MESSAGE_CAPACITY). libpng warnings are
 * collected on the reader (not fatal).
 *
 * Decoding is split in steps so the caller can check the pixel limit between reading the header and
 * allocating anything proportional to the image:
 *
 *   fbs_png_reader_open      signature, IHDR and every chunk before the first IDAT (no pixel data)
 *   (caller checks width x height, allocates the destination)
 *   fbs_png_reader_read      pixel data (all passes of Adam7), then the chunks after IDAT up to IEND
 *   fbs_png_reader_close     frees everything, whatever state the reader is in
 */
#ifndef FBS_PNG_H
#define FBS_PNG_H
#include "fbs_common.h"

/* Largest ancillary chunk (after decompression, e.g. an iCCP profile) libpng may allocate: 16 MiB. */
#define FBS_PNG_CHUNK_MALLOC_MAX (16u * 1024u * 1024u)

/* What the chunks before IDAT say. Pointers point into the reader and stay valid until it is closed. */
typedef struct fbs_png_header {
    uint32_t width;              /* stored pixels */
    uint32_t height;
    int bit_depth;               /* IHDR bit depth: 1, 2, 4, 8 or 16 */
    int color_type;              /* IHDR colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA */
    int interlaced;              /* 1 for Adam7 */
    int has_trns;                /* a tRNS chunk (transparency for gray, RGB or palette) */
    const uint8_t *icc;          /* the iCCP profile, decompressed, or NULL */
    uint32_t icc_length;
    const uint8_t *exif;         /* the eXIf payload (a TIFF block), or NULL */
    uint32_t exif_length;
    /* The decoded pixel format fbs_png_reader_read produces: palette -> RGB, tRNS -> alpha channel,
       gray 1/2/4 -> 8 bits; 16-bit stays 16-bit in native byte order; no gamma correction. */
    int output_channels;         /* 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA */
    int output_bytes_per_sample; /* 1 or 2 */
} fbs_png_header;

/* An open decoder over a caller-owned byte buffer (which must outlive it). */
typedef struct fbs_png_reader fbs_png_reader;

/* Reads the signature and the chunks up to the first IDAT into `header`. On success `*reader_out` is an
   open reader; on failure it is NULL, `message` holds libpng's message (e.g. "IHDR: CRC error"). */
fbs_status_code fbs_png_reader_open(const uint8_t *bytes, size_t length, fbs_png_reader **reader_out,
                                    fbs_png_header *header, char *message);

/* Makes fbs_png_reader_read give up with FBS_ERROR_TIMEOUT once `deadline` (fbs_monotonic_nanoseconds()
   time, 0 for none) has passed; checked after every decoded row (of every Adam7 pass). */
void fbs_png_reader_set_deadline(fbs_png_reader *reader, uint64_t deadline);

/* Decodes every row into `destination` (rows `stride` bytes apart, `capacity` bytes in all) in the
   header's output format, then reads the chunks after IDAT to IEND (CRCs checked, eXIf picked up).
   Can be called once per reader. */
fbs_status_code fbs_png_reader_read(fbs_png_reader *reader, uint8_t *destination, size_t stride,
                                    size_t capacity, char *message);

/* The eXIf payload after fbs_png_reader_read (an eXIf after IDAT is found only then), or NULL. */
const uint8_t *fbs_png_reader_exif(const fbs_png_reader *reader, uint32_t *length);

/* libpng warnings collected so far, oldest first (at most FBS_PNG_MAX_WARNINGS are kept). */
#define FBS_PNG_MAX_WARNINGS 16
int fbs_png_reader_warning_count(const fbs_png_reader *reader);
const char *fbs_png_reader_warning(const fbs_png_reader *reader, int index);

/* Frees the reader (NULL is allowed). */
void fbs_png_reader_close(fbs_png_reader *reader);

/* What to encode. Samples are interleaved, 8-bit or 16-bit in native byte order, straight alpha. */
typedef struct fbs_png_encode_params {
    uint32_t width;
    uint32_t height;
    int channels;                /* 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA */
    int bit_depth;               /* 8 or 16 */
    const uint8_t *pixels;
    size_t stride;               /* bytes between rows */
    int compression_level;       /* zlib 0...9 */
    const uint8_t *icc;          /* written as iCCP when not NULL */
    uint32_t icc_length;
    const char *icc_name;        /* iCCP keyword: Latin-1, 1...79 bytes */
} fbs_png_encode_params;

/* Encodes to a malloc'ed buffer (`*output`, `*output_length`) the caller frees with fbs_png_free.
   Writes IHDR, iCCP (when given), IDAT and IEND only: the same input gives the same bytes. */
fbs_status_code fbs_png_encode(const fbs_png_encode_params *params, uint8_t **output, size_t *output_length,
                               char *message);

void fbs_png_free(void *pointer);

#endif
