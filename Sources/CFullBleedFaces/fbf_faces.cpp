// dlib HOG face detection behind the C API of cfullbleedfaces.h. No exception leaves this file.
#include "cfullbleedfaces.h"

#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_transforms.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace {

using Detector = dlib::frontal_face_detector;   // object_detector<scan_fhog_pyramid<pyramid_down<6>>>

void copyMessage(char *dst, const std::string &text) {
    if (!dst) return;
    const size_t n = std::min(text.size(), size_t(FBF_MESSAGE_CAPACITY - 1));
    std::memcpy(dst, text.data(), n);
    dst[n] = 0;
}

/// A typed failure raised inside the shim and turned into a status at the C boundary.
struct ShimFailure {
    fbf_status status;
    std::string message;
};

// ------------------------------------------------------------------------------------------------
// The caller's buffer as a read-only dlib "generic image" (no copy of the full-size photo).

// The accessors live beside the type so that dlib's templates find them by argument-dependent lookup.

template <typename Pixel>
struct BufferView {
    const uint8_t *data;
    long rows, columns, step;
};
template <typename Pixel> inline long num_rows(const BufferView<Pixel> &v) { return v.rows; }
template <typename Pixel> inline long num_columns(const BufferView<Pixel> &v) { return v.columns; }
template <typename Pixel> inline const void *image_data(const BufferView<Pixel> &v) { return v.data; }
template <typename Pixel> inline long width_step(const BufferView<Pixel> &v) { return v.step; }

}  // namespace

namespace dlib {
template <typename Pixel> struct image_traits<BufferView<Pixel>> { typedef Pixel pixel_type; };
}  // namespace dlib

namespace {

// ------------------------------------------------------------------------------------------------
// Per-process model cache: one loaded prototype per model ("" = built-in), copies pooled for reuse.

struct ModelSlot {
    std::unique_ptr<Detector> prototype;
    std::vector<std::unique_ptr<Detector>> idle;
};

std::mutex poolMutex;
std::map<std::string, ModelSlot> slots;

std::unique_ptr<Detector> loadModel(const std::string &path) {
    if (path.empty()) return std::make_unique<Detector>(dlib::get_frontal_face_detector());
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        const int code = errno;
        throw ShimFailure{FBF_ERROR_MODEL_NOT_FOUND, code ? std::strerror(code) : "cannot open"};
    }
    auto detector = std::make_unique<Detector>();
    try {
        dlib::deserialize(*detector, in);
    } catch (const std::bad_alloc &) {
        throw ShimFailure{FBF_ERROR_MODEL_UNREADABLE, "not a dlib HOG detector (allocation failed)"};
    } catch (const std::exception &e) {
        std::string what = e.what();
        what.erase(std::remove(what.begin(), what.end(), '\n'), what.end());
        throw ShimFailure{FBF_ERROR_MODEL_UNREADABLE, "not a dlib HOG detector: " + what};
    }
    if (detector->num_detectors() == 0)
        throw ShimFailure{FBF_ERROR_MODEL_UNREADABLE, "the detector has no filters"};
    return detector;
}

/// A detector borrowed from the pool for one call; returned when the lease ends.
class Lease {
public:
    explicit Lease(const std::string &key) : key_(key) {
        std::lock_guard<std::mutex> lock(poolMutex);
        ModelSlot &slot = slots[key];
        if (!slot.prototype) slot.prototype = loadModel(key);   // a failure is not cached: retried next call
        if (!slot.idle.empty()) {
            detector_ = std::move(slot.idle.back());
            slot.idle.pop_back();
        } else {
            detector_ = std::make_unique<Detector>(*slot.prototype);
        }
    }
    ~Lease() {
        std::lock_guard<std::mutex> lock(poolMutex);
        slots[key_].idle.push_back(std::move(detector_));
    }
    Lease(const Lease &) = delete;
    Lease &operator=(const Lease &) = delete;
    Detector &detector() { return *detector_; }

private:
    std::string key_;
    std::unique_ptr<Detector> detector_;
};

// ------------------------------------------------------------------------------------------------
// Detection.

struct Found {
    long x0, y0, x1, y1;   // input pixels, half-open
    double score;
};

template <typename Pixel>
std::vector<Found> detectIn(const BufferView<Pixel> &input, const fbf_options &options, Detector &detector) {
    const long width = input.columns, height = input.rows;
    const long longSide = std::max(width, height);
    const long target = options.working_long_side;

    // Working image: halvings with dlib's 5-tap pyramid filter while they stay at or above the target,
    // then bilinear to the exact target size. Small images are copied as they are.
    dlib::array2d<Pixel> work;
    if (longSide <= target) {
        dlib::assign_image(work, input);
    } else {
        const long tw = std::max(1L, std::lround(double(width) * target / longSide));
        const long th = std::max(1L, std::lround(double(height) * target / longSide));
        dlib::pyramid_down<2> halve;
        dlib::array2d<Pixel> a, b;
        bool halved = false;
        if (longSide / 2 >= target) {
            halve(input, a);
            halved = true;
            while (std::max(a.nc(), a.nr()) / 2 >= target) {
                halve(a, b);
                dlib::swap(a, b);
            }
        }
        work.set_size(th, tw);
        if (halved) dlib::resize_image(a, work);
        else dlib::resize_image(input, work);
    }
    const long workWidth = work.nc(), workHeight = work.nr();
    for (int i = 0; i < options.upsample; ++i) dlib::pyramid_up(work);

    std::vector<dlib::rect_detection> detections;
    detector(work, detections, options.threshold);

    const double sx = double(width) / workWidth, sy = double(height) / workHeight;
    dlib::pyramid_down<2> down;
    std::vector<Found> found;
    for (const auto &d : detections) {
        dlib::drectangle r(d.rect);
        for (int i = 0; i < options.upsample; ++i) r = down.rect_down(r);
        // dlib rectangles are inclusive: the right edge of pixel `right` is right + 1.
        Found f;
        f.x0 = std::clamp(std::lround(r.left() * sx), 0L, width);
        f.y0 = std::clamp(std::lround(r.top() * sy), 0L, height);
        f.x1 = std::clamp(std::lround((r.right() + 1) * sx), 0L, width);
        f.y1 = std::clamp(std::lround((r.bottom() + 1) * sy), 0L, height);
        f.score = d.detection_confidence;
        if (f.x1 > f.x0 && f.y1 > f.y0) found.push_back(f);
    }
    // Best first; ties broken by position, so the order is a function of the boxes alone.
    std::sort(found.begin(), found.end(), [](const Found &a, const Found &b) {
        if (a.score != b.score) return a.score > b.score;
        if (a.y0 != b.y0) return a.y0 < b.y0;
        if (a.x0 != b.x0) return a.x0 < b.x0;
        if (a.y1 != b.y1) return a.y1 < b.y1;
        return a.x1 < b.x1;
    });
    return found;
}

void checkArguments(const uint8_t *pixels, int32_t width, int32_t height, size_t bytesPerRow, int32_t channels,
                    const fbf_options *options, const fbf_face *faces, int32_t capacity, const int32_t *count) {
    auto fail = [](const std::string &m) { throw ShimFailure{FBF_ERROR_ARGUMENT, m}; };
    if (!pixels || !options || !count || (capacity > 0 && !faces) || capacity < 0) fail("null buffer or negative capacity");
    if (width <= 0 || height <= 0)
        fail("image size " + std::to_string(width) + "x" + std::to_string(height) + " is empty");
    if (channels != 1 && channels != 3) fail("channels must be 1 (grey) or 3 (RGB), got " + std::to_string(channels));
    if (bytesPerRow < size_t(width) * size_t(channels)) fail("bytes_per_row " + std::to_string(bytesPerRow) + " is shorter than a row");
    if (bytesPerRow > size_t(1) << 40 || size_t(height) > (size_t(1) << 62) / bytesPerRow) fail("buffer size overflows");
    if (options->working_long_side < 64 || options->working_long_side > 8192)
        fail("working_long_side must be 64...8192, got " + std::to_string(options->working_long_side));
    if (options->upsample < 0 || options->upsample > 2) fail("upsample must be 0...2, got " + std::to_string(options->upsample));
    if (!(options->threshold >= -1 && options->threshold <= 3)) fail("threshold must be -1...3");
}

}  // namespace

extern "C" int fbf_detect_faces(const uint8_t *pixels, int32_t width, int32_t height, size_t bytes_per_row,
                                int32_t channels, const fbf_options *options, fbf_face *faces, int32_t capacity,
                                int32_t *count, char *message) {
    try {
        if (count) *count = 0;
        checkArguments(pixels, width, height, bytes_per_row, channels, options, faces, capacity, count);
        Lease lease(options->model_path ? std::string(options->model_path) : std::string());
        std::vector<Found> found;
        if (channels == 1) {
            BufferView<unsigned char> view{pixels, height, width, long(bytes_per_row)};
            found = detectIn(view, *options, lease.detector());
        } else {
            BufferView<dlib::rgb_pixel> view{pixels, height, width, long(bytes_per_row)};
            found = detectIn(view, *options, lease.detector());
        }
        *count = int32_t(std::min(found.size(), size_t(INT32_MAX)));
        for (int32_t i = 0; i < capacity && size_t(i) < found.size(); ++i) {
            const Found &f = found[size_t(i)];
            faces[i] = fbf_face{int32_t(f.x0), int32_t(f.y0), int32_t(f.x1 - f.x0), int32_t(f.y1 - f.y0), f.score,
                                FBF_KIND_HUMAN};
        }
        return FBF_OK;
    } catch (const ShimFailure &f) {
        copyMessage(message, f.message);
        return f.status;
    } catch (const std::bad_alloc &) {
        copyMessage(message, "out of memory during face detection");
        return FBF_ERROR_MEMORY;
    } catch (const std::exception &e) {
        copyMessage(message, std::string("dlib: ") + e.what());
        return FBF_ERROR_LIBRARY;
    } catch (...) {
        copyMessage(message, "unknown C++ exception during face detection");
        return FBF_ERROR_LIBRARY;
    }
}

extern "C" int fbf_write_builtin_model(const char *path, char *message) {
    try {
        if (!path) throw ShimFailure{FBF_ERROR_ARGUMENT, "null path"};
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        if (!out) throw ShimFailure{FBF_ERROR_ARGUMENT, std::string(path) + ": " + std::strerror(errno)};
        Detector detector = dlib::get_frontal_face_detector();
        dlib::serialize(detector, out);
        out.close();
        if (!out) throw ShimFailure{FBF_ERROR_LIBRARY, std::string(path) + ": write failed"};
        return FBF_OK;
    } catch (const ShimFailure &f) {
        copyMessage(message, f.message);
        return f.status;
    } catch (const std::bad_alloc &) {
        copyMessage(message, "out of memory");
        return FBF_ERROR_MEMORY;
    } catch (const std::exception &e) {
        copyMessage(message, std::string("dlib: ") + e.what());
        return FBF_ERROR_LIBRARY;
    } catch (...) {
        copyMessage(message, "unknown C++ exception");
        return FBF_ERROR_LIBRARY;
    }
}
