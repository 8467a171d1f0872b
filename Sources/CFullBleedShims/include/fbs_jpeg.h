/* libjpeg-turbo shims (implemented in fbs_jpeg.c).
 *
 * Every libjpeg call that can fail runs behind a setjmp inside these functions: the library's
 * error_exit longjmps back, and warnings (corrupt entropy data, "Premature end of JPEG file") are
 * errors too, so a damaged file is refused instead of decoded into grey-filled garbage.
 * Each function returns an fbs_status_code and, on failure, copies the library's message into
 * `message` (capacity FBS_MESSAGE_CAPACITY). */
#ifndef FBS_JPEG_H
#define FBS_JPEG_H
#include "fbs_common.h"

/* Colour model of the samples stored in the file (libjpeg's jpeg_color_space). */
typedef enum fbs_jpeg_color_model {
    FBS_JPEG_MODEL_UNKNOWN = 0,
    FBS_JPEG_MODEL_GRAY = 1,
    FBS_JPEG_MODEL_RGB = 2,
    FBS_JPEG_MODEL_YCBCR = 3,
    FBS_JPEG_MODEL_CMYK = 4,
    FBS_JPEG_MODEL_YCCK = 5
} fbs_jpeg_color_model;

/* What jpeg_read_header learned. Pointers are owned by the decoder and stay valid until
 * fbs_jpeg_decoder_start (EXIF) or fbs_jpeg_decoder_destroy (ICC). */
typedef struct fbs_jpeg_header {
    uint32_t width;                 /* stored (full-resolution) size in pixels */
    uint32_t height;
    int32_t components;             /* 1, 3 or 4 */
    int32_t color_model;            /* fbs_jpeg_color_model */
    int32_t progressive;            /* SOF2 / SOF10 */
    int32_t arithmetic;             /* SOF9 / SOF10 */
    int32_t adobe_marker;           /* an Adobe APP14 marker was seen (CMYK is then stored inverted) */
    int32_t luma_h_samp;            /* sampling factors of component 0 and of component 1 (0 when absent) */
    int32_t luma_v_samp;
    int32_t chroma_h_samp;
    int32_t chroma_v_samp;
    const uint8_t *exif;            /* first APP1 segment starting "Exif\0\0" (prefix included), or NULL */
    size_t exif_size;
    const uint8_t *icc;             /* ICC profile reassembled from all APP2 segments, or NULL */
    size_t icc_size;
    int32_t icc_malformed;          /* APP2 ICC segments present but inconsistent (profile ignored) */
    int32_t segment_count;          /* gain map related segments found, see fbs_jpeg_decoder_get_segment */
} fbs_jpeg_header;

/* Kinds of the marker segments a gain map reader needs, told apart by their identifier string. */
typedef enum fbs_jpeg_segment_kind {
    FBS_JPEG_SEGMENT_XMP = 1,       /* APP1 "http://ns.adobe.com/xap/1.0/\0" (standard XMP packet) */
    FBS_JPEG_SEGMENT_MPF = 2,       /* APP2 "MPF\0" (CIPA DC-007 Multi-Picture Format index) */
    FBS_JPEG_SEGMENT_ISO21496 = 3   /* APP2 "urn:iso:std:iso:ts:21496:-1\0" (ISO 21496-1 gain map metadata) */
} fbs_jpeg_segment_kind;

/* One such segment: its payload after the 2-byte length, identifier included, as libjpeg saved it. */
typedef struct fbs_jpeg_segment {
    int32_t kind;                   /* fbs_jpeg_segment_kind */
    const uint8_t *data;
    size_t size;
} fbs_jpeg_segment;

/* Most segments reported (in file order); further ones are left out. */
#define FBS_JPEG_MAX_SEGMENTS 16

/* Output of fbs_jpeg_decoder_start: the (possibly DCT-scaled) size and channel count to allocate. */
typedef struct fbs_jpeg_output {
    uint32_t width;
    uint32_t height;
    int32_t channels;               /* 1 (gray), 3 (RGB) or 4 (CMYK as stored: inverted if adobe_marker) */
} fbs_jpeg_output;

/* A decoder over one in-memory JPEG. Use: create, read_header, (check limits), start, read_pixels,
 * destroy. `data` must stay valid and unchanged until destroy. After any failure only destroy is allowed. */
typedef struct fbs_jpeg_decoder fbs_jpeg_decoder;

/* Allocates a decoder; NULL when out of memory. */
fbs_jpeg_decoder *fbs_jpeg_decoder_create(void);

/* Frees everything the decoder owns (safe on NULL and after failures). */
void fbs_jpeg_decoder_destroy(fbs_jpeg_decoder *decoder);

/* Abandons the decode with FBS_ERROR_TIMEOUT once `deadline` (fbs_monotonic_nanoseconds() time, 0 for
 * none) has passed: checked by libjpeg's progress monitor, i.e. between scanline batches and, for
 * progressive files, between iMCU rows of every scan. Call before start. */
void fbs_jpeg_decoder_set_deadline(fbs_jpeg_decoder *decoder, uint64_t deadline);

/* Reads markers up to the first scan: size, colour model, coding, sampling, EXIF (APP1), ICC (APP2),
 * and the XMP (APP1), MPF and ISO 21496-1 (APP2) segments a gain map reader needs.
 * Allocates no pixel memory. */
int fbs_jpeg_decoder_read_header(fbs_jpeg_decoder *decoder, const uint8_t *data, size_t size,
                                 fbs_jpeg_header *header, char *message);

/* Copies segment `index` (0 ..< header.segment_count) of the last fbs_jpeg_decoder_read_header into
 * `segment`; returns 0, or -1 for a bad index. `data` lives in libjpeg's image pool like the EXIF pointer:
 * valid until fbs_jpeg_decoder_start, so copy it right after read_header. */
int fbs_jpeg_decoder_get_segment(const fbs_jpeg_decoder *decoder, int32_t index, fbs_jpeg_segment *segment);

/* Starts decompression at scale 1/scale_denom (1, 2, 4 or 8) and reports the output size.
 * Gray stays gray, RGB/YCbCr become RGB, CMYK/YCCK become CMYK. Call only after the caller has
 * checked the header size against its pixel limit: progressive files are decoded into
 * whole-image coefficient buffers here. */
int fbs_jpeg_decoder_start(fbs_jpeg_decoder *decoder, int scale_denom, fbs_jpeg_output *output, char *message);

/* Decodes every scanline into `pixels` (output.height rows of `row_bytes` bytes, at least
 * output.width * output.channels each) and checks the rest of the file up to EOI. */
int fbs_jpeg_decoder_read_pixels(fbs_jpeg_decoder *decoder, uint8_t *pixels, size_t row_bytes, char *message);

/* Encoder settings. */
typedef struct fbs_jpeg_encode_params {
    uint32_t width;                 /* pixels, 1...65500 */
    uint32_t height;
    int32_t components;             /* 1 (gray) or 3 (RGB) */
    int32_t quality;                /* 1...100 */
    int32_t progressive;            /* jpeg_simple_progression */
    int32_t optimize_huffman;
    int32_t subsample_420;          /* 1: chroma halved both ways; 0: 4:4:4 (ignored for gray) */
    const uint8_t *icc;             /* profile to embed (split over APP2 segments), or NULL */
    size_t icc_size;
} fbs_jpeg_encode_params;

/* Encodes 8-bit gray or RGB rows (`row_bytes` apart) to a JFIF file with no EXIF. On success
 * *out_data is a malloc'd buffer of *out_size bytes: release it with fbs_jpeg_free. On failure
 * *out_data is NULL. */
int fbs_jpeg_encode(const uint8_t *pixels, size_t row_bytes, const fbs_jpeg_encode_params *params,
                    uint8_t **out_data, size_t *out_size, char *message);

/* Frees a buffer returned by fbs_jpeg_encode. */
void fbs_jpeg_free(void *pointer);

#endif
