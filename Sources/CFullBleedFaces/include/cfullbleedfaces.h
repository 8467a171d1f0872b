/* Face detection shim (implemented in fbf_faces.cpp): dlib 19.24's HOG frontal-face detector
 * (Debian libdlib-dev) behind a C API that Swift can call.
 *
 * Every C++ exception is caught inside; each function returns an fbf_status and, on failure, copies a
 * one-line message into `message` (capacity FBF_MESSAGE_CAPACITY bytes, NUL-terminated).
 * Loaded detectors are cached per process (one per model) and handed out from a mutex-protected pool,
 * so concurrent calls never share a detector's scratch state. Detection is single-threaded and
 * deterministic: the same pixels and options give the same faces in the same order. */
#ifndef CFULLBLEEDFACES_H
#define CFULLBLEEDFACES_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Capacity of every message buffer (bytes, including the terminating NUL). */
#define FBF_MESSAGE_CAPACITY 256

typedef enum fbf_status {
    FBF_OK = 0,
    FBF_ERROR_ARGUMENT = 1,          /* a parameter was invalid (sizes, stride, channels, options) */
    FBF_ERROR_MODEL_NOT_FOUND = 2,   /* options.model_path names no readable file */
    FBF_ERROR_MODEL_UNREADABLE = 3,  /* the model file is not a serialized dlib HOG detector */
    FBF_ERROR_MEMORY = 4,            /* allocation failed */
    FBF_ERROR_LIBRARY = 5            /* dlib threw; its message */
} fbf_status;

typedef enum fbf_kind {
    FBF_KIND_HUMAN = 1               /* a human face, roughly frontal (up to about 30 degrees of yaw) */
} fbf_kind;

/* One detected face. The box is in the input buffer's pixels (x, y = top-left corner), clipped to the
 * image; `score` is the detector's SVM margin above its threshold (>= options.threshold). */
typedef struct fbf_face {
    int32_t x, y, width, height;
    double score;
    int32_t kind;                    /* an fbf_kind */
} fbf_face;

typedef struct fbf_options {
    /* NULL: the frontal-face model compiled into dlib (frontal_face_detector.h). Otherwise the path of a
     * dlib object_detector<scan_fhog_pyramid<pyramid_down<6>>> written with dlib::serialize (what
     * fbf_write_builtin_model and dlib's HOG training tools write). */
    const char *model_path;
    /* The image is reduced (dlib pyramid_down<2> halvings, then bilinear) until its long side is at
     * most this many pixels; smaller images are used as they are. 64...8192. */
    int32_t working_long_side;
    /* Doublings (dlib pyramid_up) of the working image before the scan, 0...2: the model's window is
     * 80x80 px, so 1 finds faces from about 40 px of the working image. */
    int32_t upsample;
    /* Minimum score; 0 is dlib's own threshold. -1...3. */
    double threshold;
} fbf_options;

/* Detects faces in an 8-bit buffer: `channels` 1 (grey) or 3 (R, G, B), rows `bytes_per_row` apart.
 * Writes up to `capacity` faces (best score first) into `faces` and the number found into `*count`
 * (which may exceed `capacity`: the rest are dropped). The buffer is only read, never kept. */
int fbf_detect_faces(const uint8_t *pixels, int32_t width, int32_t height, size_t bytes_per_row,
                     int32_t channels, const fbf_options *options, fbf_face *faces, int32_t capacity,
                     int32_t *count, char *message);

/* Writes the built-in frontal-face model to `path` in dlib's serialization format (for tools and tests:
 * the file loads back through options.model_path). */
int fbf_write_builtin_model(const char *path, char *message);

#ifdef __cplusplus
}
#endif
#endif
