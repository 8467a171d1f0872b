/* libjpeg-turbo behind setjmp: see include/fbs_jpeg.h for the contract.
 *
 * Every structure libjpeg writes to lives on the heap (decoder / encoder contexts), so nothing the
 * library changed between setjmp and longjmp is an automatic variable of the function that called
 * setjmp. Each entry point arms its own setjmp before calling into the library, and every failure
 * path ends with the context destroyed by the caller (decoder) or here (encoder). */
#include "fbs_jpeg.h"
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>   /* jpeglib.h needs FILE and size_t first */
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* Bytes of ICC data one APP2 segment can carry, and the most segments a profile may use. */
#define FBS_JPEG_ICC_BYTES_PER_SEGMENT 65519u
#define FBS_JPEG_ICC_MAX_SEGMENTS 255u

/* libjpeg error manager whose error_exit longjmps to `escape`. Warnings (msg_level -1) are errors
 * while `warnings_fatal` is set; otherwise they are only counted in `saw_warning`. */
typedef struct fbs_jpeg_error_manager {
    struct jpeg_error_mgr pub;
    jmp_buf escape;
    int warnings_fatal;
    int saw_warning;
    int status;
    char message[FBS_MESSAGE_CAPACITY];
} fbs_jpeg_error_manager;

/* Formats the library's current message into the manager and picks the status code for it. */
static void fbs_jpeg_record_failure(j_common_ptr cinfo) {
    fbs_jpeg_error_manager *manager = (fbs_jpeg_error_manager *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    fbs_copy_message(manager->message, text);
    manager->status = cinfo->err->msg_code == JERR_OUT_OF_MEMORY ? FBS_ERROR_MEMORY : FBS_ERROR_CORRUPT;
}

static void fbs_jpeg_error_exit(j_common_ptr cinfo) {
    fbs_jpeg_record_failure(cinfo);
    longjmp(((fbs_jpeg_error_manager *)cinfo->err)->escape, 1);
}

static void fbs_jpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    fbs_jpeg_error_manager *manager = (fbs_jpeg_error_manager *)cinfo->err;
    if (msg_level >= 0) return; /* trace output */
    cinfo->err->num_warnings++;
    if (manager->warnings_fatal) {
        fbs_jpeg_record_failure(cinfo);
        longjmp(manager->escape, 1);
    }
    manager->saw_warning = 1;
}

/* Installs the longjmp error manager on a libjpeg object (before jpeg_Create*). */
static struct jpeg_error_mgr *fbs_jpeg_install_errors(fbs_jpeg_error_manager *manager) {
    struct jpeg_error_mgr *pub = jpeg_std_error(&manager->pub);
    pub->error_exit = fbs_jpeg_error_exit;
    pub->emit_message = fbs_jpeg_emit_message;
    manager->warnings_fatal = 1;
    manager->saw_warning = 0;
    manager->status = FBS_OK;
    manager->message[0] = '\0';
    return pub;
}

/* ---------------------------------------------------------------- decoding */

enum fbs_jpeg_decoder_stage { FBS_STAGE_NEW, FBS_STAGE_HEADER, FBS_STAGE_STARTED, FBS_STAGE_DONE, FBS_STAGE_FAILED };

struct fbs_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    fbs_jpeg_error_manager errors;
    int stage;
    JOCTET *icc;             /* malloc'd by jpeg_read_icc_profile */
    unsigned int icc_size;
    struct jpeg_progress_mgr progress;
    uint64_t deadline;       /* fbs_monotonic_nanoseconds() time; 0 for none */
    fbs_jpeg_segment segments[FBS_JPEG_MAX_SEGMENTS]; /* point into libjpeg's saved markers */
    int32_t segment_count;
};

/* Marks the decoder failed and hands its message to the caller. */
static int fbs_jpeg_decoder_fail(fbs_jpeg_decoder *decoder, char *message) {
    decoder->stage = FBS_STAGE_FAILED;
    fbs_copy_message(message, decoder->errors.message);
    return decoder->errors.status == FBS_OK ? FBS_ERROR_CORRUPT : decoder->errors.status;
}

static int fbs_jpeg_decoder_misuse(fbs_jpeg_decoder *decoder, char *message, const char *what) {
    if (decoder != NULL) decoder->stage = FBS_STAGE_FAILED;
    fbs_copy_message(message, what);
    return FBS_ERROR_ARGUMENT;
}

/* Progress monitor: leaves through the decoder's setjmp once the deadline has passed. `cinfo` is the
 * first member of fbs_jpeg_decoder, so the decoder is found from it. */
static void fbs_jpeg_check_deadline(j_common_ptr cinfo) {
    fbs_jpeg_decoder *decoder = (fbs_jpeg_decoder *)cinfo;
    if (!fbs_deadline_passed(decoder->deadline)) return;
    decoder->errors.status = FBS_ERROR_TIMEOUT;
    fbs_copy_message(decoder->errors.message, "timed out");
    longjmp(decoder->errors.escape, 1);
}

void fbs_jpeg_decoder_set_deadline(fbs_jpeg_decoder *decoder, uint64_t deadline) {
    if (decoder == NULL) return;
    decoder->deadline = deadline;
    memset(&decoder->progress, 0, sizeof(decoder->progress));
    decoder->progress.progress_monitor = fbs_jpeg_check_deadline;
    decoder->cinfo.progress = deadline == 0 ? NULL : &decoder->progress;
}

fbs_jpeg_decoder *fbs_jpeg_decoder_create(void) {
    /* volatile: read again after longjmp */
    fbs_jpeg_decoder *volatile decoder = calloc(1, sizeof(fbs_jpeg_decoder));
    if (decoder == NULL) return NULL;
    decoder->cinfo.err = fbs_jpeg_install_errors(&decoder->errors);
    if (setjmp(decoder->errors.escape)) {
        jpeg_destroy_decompress(&decoder->cinfo);
        free(decoder);
        return NULL;
    }
    jpeg_CreateDecompress(&decoder->cinfo, JPEG_LIB_VERSION, sizeof(struct jpeg_decompress_struct));
    decoder->stage = FBS_STAGE_NEW;
    return decoder;
}

void fbs_jpeg_decoder_destroy(fbs_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder->icc);
    free(decoder);
}

static int32_t fbs_jpeg_model(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return FBS_JPEG_MODEL_GRAY;
    case JCS_RGB: return FBS_JPEG_MODEL_RGB;
    case JCS_YCbCr: return FBS_JPEG_MODEL_YCBCR;
    case JCS_CMYK: return FBS_JPEG_MODEL_CMYK;
    case JCS_YCCK: return FBS_JPEG_MODEL_YCCK;
    default: return FBS_JPEG_MODEL_UNKNOWN;
    }
}

/* The first saved APP1 marker that holds EXIF ("Exif\0\0" prefix). */
static jpeg_saved_marker_ptr fbs_jpeg_find_exif(j_decompress_ptr cinfo) {
    static const JOCTET prefix[6] = { 'E', 'x', 'i', 'f', 0, 0 };
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length >= sizeof(prefix) &&
            memcmp(marker->data, prefix, sizeof(prefix)) == 0) {
            return marker;
        }
    }
    return NULL;
}

/* The kind of a saved APP1/APP2 marker, from its identifier; 0 for others (EXIF, ICC, ...). */
static int32_t fbs_jpeg_segment_kind_of(jpeg_saved_marker_ptr marker) {
    static const char xmp[] = "http://ns.adobe.com/xap/1.0/";  /* sizeof includes the NUL, part of the identifier */
    static const char mpf[] = "MPF";
    static const char iso[] = "urn:iso:std:iso:ts:21496:-1";
    if (marker->marker == JPEG_APP0 + 1 && marker->data_length >= sizeof(xmp) && memcmp(marker->data, xmp, sizeof(xmp)) == 0) {
        return FBS_JPEG_SEGMENT_XMP;
    }
    if (marker->marker == JPEG_APP0 + 2 && marker->data_length >= sizeof(mpf) && memcmp(marker->data, mpf, sizeof(mpf)) == 0) {
        return FBS_JPEG_SEGMENT_MPF;
    }
    if (marker->marker == JPEG_APP0 + 2 && marker->data_length >= sizeof(iso) && memcmp(marker->data, iso, sizeof(iso)) == 0) {
        return FBS_JPEG_SEGMENT_ISO21496;
    }
    return 0;
}

/* Collects the XMP, MPF and ISO 21496-1 segments of the saved markers, in file order. Only complete
 * markers count (libjpeg saved at most 0xFFFF bytes of each, which is every byte a segment can hold). */
static void fbs_jpeg_collect_segments(fbs_jpeg_decoder *decoder) {
    decoder->segment_count = 0;
    for (jpeg_saved_marker_ptr marker = decoder->cinfo.marker_list; marker != NULL; marker = marker->next) {
        int32_t kind = fbs_jpeg_segment_kind_of(marker);
        if (kind == 0 || marker->data_length != marker->original_length) continue;
        if (decoder->segment_count == FBS_JPEG_MAX_SEGMENTS) return;
        fbs_jpeg_segment *segment = &decoder->segments[decoder->segment_count++];
        segment->kind = kind;
        segment->data = marker->data;
        segment->size = marker->data_length;
    }
}

int fbs_jpeg_decoder_get_segment(const fbs_jpeg_decoder *decoder, int32_t index, fbs_jpeg_segment *segment) {
    if (decoder == NULL || segment == NULL || index < 0 || index >= decoder->segment_count) return -1;
    *segment = decoder->segments[index];
    return 0;
}

int fbs_jpeg_decoder_read_header(fbs_jpeg_decoder *decoder, const uint8_t *data, size_t size,
                                 fbs_jpeg_header *header, char *message) {
    if (decoder == NULL || header == NULL || decoder->stage != FBS_STAGE_NEW) {
        return fbs_jpeg_decoder_misuse(decoder, message, "jpeg decoder: read_header called out of order");
    }
    memset(header, 0, sizeof(*header));
    if (setjmp(decoder->errors.escape)) return fbs_jpeg_decoder_fail(decoder, message);

    j_decompress_ptr cinfo = &decoder->cinfo;
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);

    /* A damaged ICC profile is metadata trouble, not pixel trouble: read it leniently. */
    decoder->errors.warnings_fatal = 0;
    decoder->errors.saw_warning = 0;
    if (jpeg_read_icc_profile(cinfo, &decoder->icc, &decoder->icc_size)) {
        header->icc = decoder->icc;
        header->icc_size = decoder->icc_size;
    } else {
        header->icc_malformed = decoder->errors.saw_warning;
    }
    decoder->errors.warnings_fatal = 1;

    header->width = cinfo->image_width;
    header->height = cinfo->image_height;
    header->components = cinfo->num_components;
    header->color_model = fbs_jpeg_model(cinfo->jpeg_color_space);
    header->progressive = cinfo->progressive_mode ? 1 : 0;
    header->arithmetic = cinfo->arith_code ? 1 : 0;
    header->adobe_marker = cinfo->saw_Adobe_marker ? 1 : 0;
    if (cinfo->num_components >= 1) {
        header->luma_h_samp = cinfo->comp_info[0].h_samp_factor;
        header->luma_v_samp = cinfo->comp_info[0].v_samp_factor;
    }
    if (cinfo->num_components >= 2) {
        header->chroma_h_samp = cinfo->comp_info[1].h_samp_factor;
        header->chroma_v_samp = cinfo->comp_info[1].v_samp_factor;
    }
    jpeg_saved_marker_ptr exif = fbs_jpeg_find_exif(cinfo);
    if (exif != NULL) {
        header->exif = exif->data;
        header->exif_size = exif->data_length;
    }
    fbs_jpeg_collect_segments(decoder);
    header->segment_count = decoder->segment_count;
    decoder->stage = FBS_STAGE_HEADER;
    return FBS_OK;
}

int fbs_jpeg_decoder_start(fbs_jpeg_decoder *decoder, int scale_denom, fbs_jpeg_output *output, char *message) {
    if (decoder == NULL || output == NULL || decoder->stage != FBS_STAGE_HEADER) {
        return fbs_jpeg_decoder_misuse(decoder, message, "jpeg decoder: start called out of order");
    }
    if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8) {
        return fbs_jpeg_decoder_misuse(decoder, message, "jpeg decoder: scale_denom must be 1, 2, 4 or 8");
    }
    memset(output, 0, sizeof(*output));
    j_decompress_ptr cinfo = &decoder->cinfo;
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: cinfo->out_color_space = JCS_GRAYSCALE; break;
    case JCS_RGB:
    case JCS_YCbCr: cinfo->out_color_space = JCS_RGB; break;
    case JCS_CMYK:
    case JCS_YCCK: cinfo->out_color_space = JCS_CMYK; break;
    default: {
        char text[FBS_MESSAGE_CAPACITY];
        snprintf(text, sizeof(text), "JPEG colour space with %d components", cinfo->num_components);
        decoder->stage = FBS_STAGE_FAILED;
        fbs_copy_message(message, text);
        return FBS_ERROR_UNSUPPORTED;
    }
    }
    if (setjmp(decoder->errors.escape)) return fbs_jpeg_decoder_fail(decoder, message);
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned int)scale_denom;
    jpeg_start_decompress(cinfo);
    output->width = cinfo->output_width;
    output->height = cinfo->output_height;
    output->channels = cinfo->output_components;
    decoder->stage = FBS_STAGE_STARTED;
    return FBS_OK;
}

int fbs_jpeg_decoder_read_pixels(fbs_jpeg_decoder *decoder, uint8_t *pixels, size_t row_bytes, char *message) {
    if (decoder == NULL || pixels == NULL || decoder->stage != FBS_STAGE_STARTED) {
        return fbs_jpeg_decoder_misuse(decoder, message, "jpeg decoder: read_pixels called out of order");
    }
    j_decompress_ptr cinfo = &decoder->cinfo;
    if (row_bytes < (size_t)cinfo->output_width * (size_t)cinfo->output_components) {
        return fbs_jpeg_decoder_misuse(decoder, message, "jpeg decoder: row_bytes smaller than a decoded row");
    }
    if (setjmp(decoder->errors.escape)) return fbs_jpeg_decoder_fail(decoder, message);
    enum { BATCH = 16 };
    JSAMPROW rows[BATCH];
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION first = cinfo->output_scanline;
        JDIMENSION count = 0;
        while (count < BATCH && first + count < cinfo->output_height) {
            rows[count] = (JSAMPROW)(pixels + (size_t)(first + count) * row_bytes);
            count++;
        }
        if (jpeg_read_scanlines(cinfo, rows, count) == 0) {
            return fbs_jpeg_decoder_misuse(decoder, message, "jpeg decoder: no scanline could be read");
        }
    }
    jpeg_finish_decompress(cinfo);
    decoder->stage = FBS_STAGE_DONE;
    return FBS_OK;
}

/* ---------------------------------------------------------------- encoding */

typedef struct fbs_jpeg_encoder {
    struct jpeg_compress_struct cinfo;
    fbs_jpeg_error_manager errors;
    unsigned char *buffer;   /* malloc'd and grown by jpeg_mem_dest */
    unsigned long buffer_size;
} fbs_jpeg_encoder;

static const char *fbs_jpeg_check_params(const fbs_jpeg_encode_params *params, size_t row_bytes) {
    if (params->components != 1 && params->components != 3) return "jpeg encoder: components must be 1 or 3";
    if (params->width < 1 || params->height < 1 || params->width > JPEG_MAX_DIMENSION || params->height > JPEG_MAX_DIMENSION) {
        return "jpeg encoder: width and height must be 1...65500 pixels";
    }
    if (params->quality < 1 || params->quality > 100) return "jpeg encoder: quality must be 1...100";
    if (row_bytes < (size_t)params->width * (size_t)params->components) return "jpeg encoder: row_bytes smaller than a row";
    if (params->icc != NULL && params->icc_size > (size_t)FBS_JPEG_ICC_BYTES_PER_SEGMENT * FBS_JPEG_ICC_MAX_SEGMENTS) {
        return "jpeg encoder: ICC profile larger than 255 APP2 segments";
    }
    return NULL;
}

int fbs_jpeg_encode(const uint8_t *pixels, size_t row_bytes, const fbs_jpeg_encode_params *params,
                    uint8_t **out_data, size_t *out_size, char *message) {
    if (pixels == NULL || params == NULL || out_data == NULL || out_size == NULL) {
        fbs_copy_message(message, "jpeg encoder: NULL argument");
        return FBS_ERROR_ARGUMENT;
    }
    *out_data = NULL;
    *out_size = 0;
    const char *problem = fbs_jpeg_check_params(params, row_bytes);
    if (problem != NULL) {
        fbs_copy_message(message, problem);
        return FBS_ERROR_ARGUMENT;
    }
    /* volatile: read again after longjmp */
    fbs_jpeg_encoder *volatile encoder = calloc(1, sizeof(fbs_jpeg_encoder));
    if (encoder == NULL) {
        fbs_copy_message(message, "jpeg encoder: out of memory");
        return FBS_ERROR_MEMORY;
    }
    encoder->cinfo.err = fbs_jpeg_install_errors(&encoder->errors);
    if (setjmp(encoder->errors.escape)) {
        int status = encoder->errors.status == FBS_OK ? FBS_ERROR_CORRUPT : encoder->errors.status;
        fbs_copy_message(message, encoder->errors.message);
        jpeg_destroy_compress(&encoder->cinfo);
        free(encoder->buffer);
        free(encoder);
        return status;
    }
    j_compress_ptr cinfo = &encoder->cinfo;
    jpeg_CreateCompress(cinfo, JPEG_LIB_VERSION, sizeof(struct jpeg_compress_struct));
    jpeg_mem_dest(cinfo, &encoder->buffer, &encoder->buffer_size);
    cinfo->image_width = params->width;
    cinfo->image_height = params->height;
    cinfo->input_components = params->components;
    cinfo->in_color_space = params->components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, params->quality, TRUE);
    cinfo->optimize_coding = params->optimize_huffman ? TRUE : FALSE;
    if (params->components == 3 && !params->subsample_420) {
        cinfo->comp_info[0].h_samp_factor = 1;
        cinfo->comp_info[0].v_samp_factor = 1;
    }
    if (params->progressive) jpeg_simple_progression(cinfo);
    jpeg_start_compress(cinfo, TRUE);
    if (params->icc != NULL && params->icc_size > 0) {
        jpeg_write_icc_profile(cinfo, params->icc, (unsigned int)params->icc_size);
    }
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo->next_scanline * row_bytes);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
    *out_data = encoder->buffer;
    *out_size = (size_t)encoder->buffer_size;
    jpeg_destroy_compress(cinfo);
    free(encoder);
    return FBS_OK;
}

void fbs_jpeg_free(void *pointer) {
    free(pointer);
}
