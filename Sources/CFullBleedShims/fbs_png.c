/* libpng 1.6 shims: every setjmp of the PNG codec lives here (see fbs_png.h for the contract).
 *
 * Policies, all deliberate:
 * - CRC errors: libpng's default (png_set_crc_action PNG_CRC_DEFAULT): an error in a critical chunk
 *   (IHDR, PLTE, IDAT, IEND) fails the file; an ancillary chunk with a bad CRC is dropped with a warning.
 * - Benign errors (e.g. "iCCP: known incorrect sRGB profile", a palette index past the palette, too many
 *   IDATs) are warnings: collected for the caller, never fatal.
 * - Only the chunks FullBleed uses are parsed: IHDR, PLTE, tRNS, IDAT, IEND, iCCP and eXIf. Every other
 *   chunk (gAMA, cHRM, sRGB, sBIT, text, time, ...) is skipped after its CRC check, so no gamma correction
 *   happens (samples come out as written), an sRGB chunk cannot hide a later iCCP ("too many profiles"),
 *   and compressed text chunks are never inflated.
 * - libpng's own 1,000,000 pixel width/height cap is lifted to the PNG maximum (2^31 - 1): the caller's
 *   pixel limit (width x height, checked after fbs_png_reader_open) is the one size policy.
 * - Ancillary chunk allocations are capped at FBS_PNG_CHUNK_MALLOC_MAX (libpng's chunk cache limit of
 *   1000 ancillary chunks stays in force).
 */
#include "fbs_png.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* Error and warning sink shared by reader and writer (libpng's error_ptr points here). */
typedef struct fbs_png_messages {
    char error[FBS_MESSAGE_CAPACITY];
    char warnings[FBS_PNG_MAX_WARNINGS][FBS_MESSAGE_CAPACITY];
    int warning_count;
} fbs_png_messages;

struct fbs_png_reader {
    fbs_png_messages messages;
    png_structp png;
    png_infop info;
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    fbs_png_header header;
    png_bytep *rows;
    int has_read;
    uint64_t deadline;   /* fbs_monotonic_nanoseconds() time; 0 for none */
    int timed_out;
};

typedef struct fbs_png_writer {
    fbs_png_messages messages;
    uint8_t *data;
    size_t length;
    size_t capacity;
} fbs_png_writer;

/* The ancillary chunks libpng parses for us (5 bytes each: name and NUL); the rest are skipped. */
static const png_byte fbs_png_parsed_chunks[] = { 'i', 'C', 'C', 'P', '\0', 'e', 'X', 'I', 'f', '\0' };

static int fbs_png_host_is_little_endian(void) {
    const uint16_t probe = 1;
    return *(const uint8_t *)&probe == 1;
}

/* libpng error callback: keep the message, jump back to the setjmp of the running shim function. */
static void fbs_png_on_error(png_structp png, png_const_charp message) {
    fbs_png_messages *messages = (fbs_png_messages *)png_get_error_ptr(png);
    if (messages != NULL) fbs_copy_message(messages->error, message);
    png_longjmp(png, 1);
}

/* libpng warning callback: collect, never fail. */
static void fbs_png_on_warning(png_structp png, png_const_charp message) {
    fbs_png_messages *messages = (fbs_png_messages *)png_get_error_ptr(png);
    if (messages == NULL || messages->warning_count >= FBS_PNG_MAX_WARNINGS) return;
    fbs_copy_message(messages->warnings[messages->warning_count], message);
    messages->warning_count += 1;
}

/* Reader over the caller's byte buffer; running past its end is an error (truncated file). */
static void fbs_png_read_from_memory(png_structp png, png_bytep out, size_t count) {
    struct fbs_png_reader *reader = (struct fbs_png_reader *)png_get_io_ptr(png);
    if (count > reader->length - reader->offset) {
        png_error(png, "unexpected end of PNG data (file truncated)");
    }
    memcpy(out, reader->bytes + reader->offset, count);
    reader->offset += count;
}

static void fbs_png_fill_header(struct fbs_png_reader *reader) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    fbs_png_header *h = &reader->header;
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    h->width = width;
    h->height = height;
    h->bit_depth = bit_depth;
    h->color_type = color_type;
    h->interlaced = interlace == PNG_INTERLACE_ADAM7;
    h->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

    png_charp name = NULL; /* the iCCP keyword: FullBleed names profiles by their 'desc' tag */
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_length) != 0 && profile != NULL) {
        h->icc = profile;
        h->icc_length = profile_length;
    }
    png_uint_32 exif_length = 0;
    png_bytep exif = NULL;
    if (png_get_eXIf_1(png, info, &exif_length, &exif) != 0 && exif != NULL) {
        h->exif = exif;
        h->exif_length = exif_length;
    }

    int channels;
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: channels = 1; break;
    case PNG_COLOR_TYPE_GRAY_ALPHA: channels = 2; break;
    case PNG_COLOR_TYPE_RGB_ALPHA: channels = 4; break;
    default: channels = 3; break; /* RGB, palette */
    }
    if (h->has_trns && (channels == 1 || channels == 3)) channels += 1;
    h->output_channels = channels;
    h->output_bytes_per_sample = bit_depth == 16 ? 2 : 1;
}

fbs_status_code fbs_png_reader_open(const uint8_t *bytes, size_t length, fbs_png_reader **reader_out,
                                    fbs_png_header *header, char *message) {
    if (reader_out == NULL || header == NULL || (bytes == NULL && length > 0)) {
        fbs_copy_message(message, "fbs_png_reader_open: invalid argument");
        return FBS_ERROR_ARGUMENT;
    }
    *reader_out = NULL;
    memset(header, 0, sizeof *header);

    struct fbs_png_reader *reader = (struct fbs_png_reader *)calloc(1, sizeof *reader);
    if (reader == NULL) {
        fbs_copy_message(message, "out of memory");
        return FBS_ERROR_MEMORY;
    }
    reader->bytes = bytes;
    reader->length = length;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->messages, fbs_png_on_error, fbs_png_on_warning);
    if (reader->png != NULL) reader->info = png_create_info_struct(reader->png);
    if (reader->png == NULL || reader->info == NULL) {
        fbs_png_reader_close(reader);
        fbs_copy_message(message, "out of memory");
        return FBS_ERROR_MEMORY;
    }
    /* Only `reader` (never reassigned) is used after a longjmp lands here. */
    if (setjmp(png_jmpbuf(reader->png))) {
        fbs_copy_message(message, reader->messages.error);
        fbs_png_reader_close(reader);
        return FBS_ERROR_CORRUPT;
    }
    png_set_read_fn(reader->png, reader, fbs_png_read_from_memory);
    png_set_crc_action(reader->png, PNG_CRC_DEFAULT, PNG_CRC_DEFAULT);
    png_set_benign_errors(reader->png, 1);
    png_set_user_limits(reader->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_chunk_malloc_max(reader->png, FBS_PNG_CHUNK_MALLOC_MAX);
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_AS_DEFAULT, fbs_png_parsed_chunks, 2);
    png_read_info(reader->png, reader->info);
    fbs_png_fill_header(reader);
    *header = reader->header;
    *reader_out = reader;
    return FBS_OK;
}

/* libpng row callback: abandons the read through png_error once the reader's deadline has passed. */
static void fbs_png_row_done(png_structp png, png_uint_32 row, int pass) {
    (void)row;
    (void)pass;
    struct fbs_png_reader *reader = (struct fbs_png_reader *)png_get_io_ptr(png);
    if (reader == NULL || !fbs_deadline_passed(reader->deadline)) return;
    reader->timed_out = 1;
    png_error(png, "timed out");
}

void fbs_png_reader_set_deadline(fbs_png_reader *reader, uint64_t deadline) {
    if (reader != NULL) reader->deadline = deadline;
}

fbs_status_code fbs_png_reader_read(fbs_png_reader *reader, uint8_t *destination, size_t stride,
                                    size_t capacity, char *message) {
    if (reader == NULL || destination == NULL || reader->has_read) {
        fbs_copy_message(message, "fbs_png_reader_read: invalid argument (or called twice)");
        return FBS_ERROR_ARGUMENT;
    }
    reader->has_read = 1;
    const fbs_png_header *h = &reader->header;
    const size_t height = h->height;
    const size_t pixel_bytes = (size_t)h->output_channels * (size_t)h->output_bytes_per_sample;
    const size_t row_bytes = (size_t)h->width * pixel_bytes;
    if (height == 0 || h->width == 0 || row_bytes / pixel_bytes != h->width || stride < row_bytes ||
        capacity < row_bytes || (capacity - row_bytes) / stride < height - 1) {
        fbs_copy_message(message, "fbs_png_reader_read: destination too small for the image");
        return FBS_ERROR_ARGUMENT;
    }
    reader->rows = (png_bytep *)malloc(height * sizeof(png_bytep));
    if (reader->rows == NULL) {
        fbs_copy_message(message, "out of memory");
        return FBS_ERROR_MEMORY;
    }
    for (size_t y = 0; y < height; y++) reader->rows[y] = destination + y * stride;

    png_structp png = reader->png;
    png_infop info = reader->info;
    if (setjmp(png_jmpbuf(png))) {
        fbs_copy_message(message, reader->messages.error);
        return reader->timed_out ? FBS_ERROR_TIMEOUT : FBS_ERROR_CORRUPT;
    }
    if (reader->deadline != 0) png_set_read_status_fn(png, fbs_png_row_done);
    if (h->color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (h->color_type == PNG_COLOR_TYPE_GRAY && h->bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (h->has_trns) png_set_tRNS_to_alpha(png);
    if (h->bit_depth == 16 && fbs_png_host_is_little_endian()) png_set_swap(png);
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != row_bytes || png_get_channels(png, info) != h->output_channels) {
        png_error(png, "unexpected pixel layout after libpng transforms");
    }
    png_read_image(png, reader->rows);
    png_read_end(png, info);
    return FBS_OK;
}

const uint8_t *fbs_png_reader_exif(const fbs_png_reader *reader, uint32_t *length) {
    if (length != NULL) *length = 0;
    if (reader == NULL) return NULL;
    png_uint_32 exif_length = 0;
    png_bytep exif = NULL;
    if (png_get_eXIf_1(reader->png, reader->info, &exif_length, &exif) == 0 || exif == NULL) return NULL;
    if (length != NULL) *length = exif_length;
    return exif;
}

int fbs_png_reader_warning_count(const fbs_png_reader *reader) {
    return reader == NULL ? 0 : reader->messages.warning_count;
}

const char *fbs_png_reader_warning(const fbs_png_reader *reader, int index) {
    if (reader == NULL || index < 0 || index >= reader->messages.warning_count) return NULL;
    return reader->messages.warnings[index];
}

void fbs_png_reader_close(fbs_png_reader *reader) {
    if (reader == NULL) return;
    if (reader->png != NULL) {
        png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
    }
    free(reader->rows);
    free(reader);
}

/* libpng write callback: append to a growing malloc'ed buffer. */
static void fbs_png_write_to_memory(png_structp png, png_bytep data, size_t count) {
    fbs_png_writer *writer = (fbs_png_writer *)png_get_io_ptr(png);
    if (count > SIZE_MAX - writer->length) png_error(png, "encoded PNG too large");
    size_t needed = writer->length + count;
    if (needed > writer->capacity) {
        size_t capacity = writer->capacity < 4096 ? 4096 : writer->capacity;
        while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        uint8_t *grown = (uint8_t *)realloc(writer->data, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        writer->data = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->data + writer->length, data, count);
    writer->length = needed;
}

static void fbs_png_flush_memory(png_structp png) { (void)png; }

static int fbs_png_color_type_for_channels(int channels) {
    switch (channels) {
    case 1: return PNG_COLOR_TYPE_GRAY;
    case 2: return PNG_COLOR_TYPE_GRAY_ALPHA;
    case 3: return PNG_COLOR_TYPE_RGB;
    case 4: return PNG_COLOR_TYPE_RGB_ALPHA;
    default: return -1;
    }
}

/* Runs libpng over `params`; on error longjmps to the setjmp in fbs_png_encode. */
static fbs_status_code fbs_png_encode_checked(const fbs_png_encode_params *p, char *message) {
    if (p->width == 0 || p->height == 0 || p->width > PNG_UINT_31_MAX || p->height > PNG_UINT_31_MAX) {
        fbs_copy_message(message, "image dimensions out of range for PNG");
        return FBS_ERROR_ARGUMENT;
    }
    if (fbs_png_color_type_for_channels(p->channels) < 0 || (p->bit_depth != 8 && p->bit_depth != 16)) {
        fbs_copy_message(message, "channels must be 1...4 and bit depth 8 or 16");
        return FBS_ERROR_ARGUMENT;
    }
    const size_t row_bytes = (size_t)p->width * (size_t)p->channels * (size_t)(p->bit_depth / 8);
    if (p->pixels == NULL || p->stride < row_bytes || p->compression_level < 0 || p->compression_level > 9 ||
        (p->icc != NULL && (p->icc_length == 0 || p->icc_name == NULL))) {
        fbs_copy_message(message, "invalid pixel buffer, compression level or ICC profile argument");
        return FBS_ERROR_ARGUMENT;
    }
    return FBS_OK;
}

fbs_status_code fbs_png_encode(const fbs_png_encode_params *params, uint8_t **output, size_t *output_length,
                               char *message) {
    if (params == NULL || output == NULL || output_length == NULL) {
        fbs_copy_message(message, "fbs_png_encode: invalid argument");
        return FBS_ERROR_ARGUMENT;
    }
    *output = NULL;
    *output_length = 0;
    fbs_status_code checked = fbs_png_encode_checked(params, message);
    if (checked != FBS_OK) return checked;

    fbs_png_writer *writer = (fbs_png_writer *)calloc(1, sizeof *writer);
    png_bytep *rows = (png_bytep *)malloc((size_t)params->height * sizeof(png_bytep));
    png_structp png = NULL;
    png_infop info = NULL;
    if (writer != NULL) png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer->messages, fbs_png_on_error, fbs_png_on_warning);
    if (png != NULL) info = png_create_info_struct(png);
    if (writer == NULL || rows == NULL || png == NULL || info == NULL) {
        if (png != NULL) png_destroy_write_struct(&png, info != NULL ? &info : NULL);
        free(rows);
        free(writer);
        fbs_copy_message(message, "out of memory");
        return FBS_ERROR_MEMORY;
    }
    for (size_t y = 0; y < params->height; y++) rows[y] = (png_bytep)(params->pixels + y * params->stride);

    /* writer, rows, png and info are not reassigned after this point, so they are valid after a longjmp. */
    if (setjmp(png_jmpbuf(png))) {
        fbs_copy_message(message, writer->messages.error);
        png_destroy_write_struct(&png, &info);
        free(writer->data);
        free(writer);
        free(rows);
        return FBS_ERROR_CORRUPT;
    }
    png_set_write_fn(png, writer, fbs_png_write_to_memory, fbs_png_flush_memory);
    png_set_compression_level(png, params->compression_level);
    png_set_IHDR(png, info, params->width, params->height, params->bit_depth,
                 fbs_png_color_type_for_channels(params->channels), PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (params->icc != NULL) {
        /* Write the caller's profile as given: libpng would otherwise refuse the (widespread) old HP sRGB
           profiles with "known incorrect sRGB profile"; decoding still reports that as a warning. */
        (void)png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
        png_set_iCCP(png, info, params->icc_name, PNG_COMPRESSION_TYPE_BASE, params->icc, params->icc_length);
        if (png_get_valid(png, info, PNG_INFO_iCCP) == 0) {
            const char *reason = writer->messages.warning_count > 0
                ? writer->messages.warnings[writer->messages.warning_count - 1] : "iCCP: profile rejected";
            png_error(png, reason);
        }
    }
    png_write_info(png, info);
    /* libpng copies each row before transforming it, so swapping leaves the caller's pixels untouched. */
    if (params->bit_depth == 16 && fbs_png_host_is_little_endian()) png_set_swap(png);
    png_write_image(png, rows);
    png_write_end(png, NULL);

    png_destroy_write_struct(&png, &info);
    free(rows);
    *output = writer->data;
    *output_length = writer->length;
    free(writer);
    return FBS_OK;
}

void fbs_png_free(void *pointer) { free(pointer); }
