// Evaluation harness for the face-detector comparison (Tests/Faces/evaluate.py builds and runs it).
// Not part of the package: it links the candidates as Debian ships them (OpenCV 4.6 cascades from
// opencv-data, dlib 19.24's HOG frontal face detector) and prints, per candidate and image,
// the detections and the time of the detection call.
//
// usage: eval_detectors LIST CANDIDATE...
//   LIST: a file with one image path per line (PNG, already at working size).
//   CANDIDATE: "cv:NAME:CASCADE.xml:NEIGHBOURS:MINSIZE[:mirror]" or "dlib:NAME:UPSAMPLE".
// output (tab-separated, stdout):
//   load  NAME  ms
//   time  NAME  IMAGE  cpu-ms  wall-ms     (the first image is run once untimed first: warm-up)
//   det   NAME  IMAGE  x  y  w  h  score      (input pixels; score: neighbours for cv, SVM margin for dlib)
#include <opencv2/core.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_transforms.h>
#include <dlib/opencv.h>

#include <chrono>
#include <ctime>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// CPU time of the calling thread: robust to other work sharing the machine (the detectors run on one thread).
double threadCPUms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts;
    std::stringstream stream(s);
    std::string part;
    while (std::getline(stream, part, sep)) parts.push_back(part);
    return parts;
}

void runCascade(const std::vector<std::string>& spec, const std::vector<std::string>& images,
                const std::vector<cv::Mat>& mats) {
    const std::string& name = spec[1];
    const int neighbours = std::stoi(spec[3]);
    const int minSize = std::stoi(spec[4]);
    const bool mirror = spec.size() > 5 && spec[5] == "mirror";
    auto start = std::chrono::steady_clock::now();
    cv::CascadeClassifier cascade;
    if (!cascade.load(spec[2])) { std::fprintf(stderr, "cannot load %s\n", spec[2].c_str()); std::exit(2); }
    std::printf("load\t%s\t%.2f\n", name.c_str(), msSince(start));
    for (size_t i = 0; i < images.size() + 1; ++i) {
        const bool warmup = i == 0;
        const size_t idx = warmup ? 0 : i - 1;
        start = std::chrono::steady_clock::now();
        const double cpu0 = threadCPUms();
        cv::Mat gray;
        cv::cvtColor(mats[idx], gray, cv::COLOR_BGR2GRAY);
        cv::equalizeHist(gray, gray);
        std::vector<cv::Rect> rects;
        std::vector<int> counts;
        cascade.detectMultiScale(gray, rects, counts, 1.1, neighbours, 0, cv::Size(minSize, minSize));
        std::vector<cv::Rect> all = rects;
        std::vector<int> allCounts = counts;
        if (mirror) {
            cv::Mat flipped;
            cv::flip(gray, flipped, 1);
            cascade.detectMultiScale(flipped, rects, counts, 1.1, neighbours, 0, cv::Size(minSize, minSize));
            for (size_t k = 0; k < rects.size(); ++k) {
                cv::Rect r = rects[k];
                r.x = gray.cols - r.x - r.width;
                all.push_back(r);
                allCounts.push_back(counts[k]);
            }
        }
        const double cpu = threadCPUms() - cpu0, ms = msSince(start);
        if (warmup) continue;
        std::printf("time\t%s\t%s\t%.2f\t%.2f\n", name.c_str(), images[idx].c_str(), cpu, ms);
        for (size_t k = 0; k < all.size(); ++k)
            std::printf("det\t%s\t%s\t%d\t%d\t%d\t%d\t%d\n", name.c_str(), images[idx].c_str(),
                        all[k].x, all[k].y, all[k].width, all[k].height, allCounts[k]);
    }
}

void runDlib(const std::vector<std::string>& spec, const std::vector<std::string>& images,
             const std::vector<cv::Mat>& mats) {
    const std::string& name = spec[1];
    const int upsample = std::stoi(spec[2]);
    auto start = std::chrono::steady_clock::now();
    dlib::frontal_face_detector detector = dlib::get_frontal_face_detector();
    std::printf("load\t%s\t%.2f\n", name.c_str(), msSince(start));
    for (size_t i = 0; i < images.size() + 1; ++i) {
        const bool warmup = i == 0;
        const size_t idx = warmup ? 0 : i - 1;
        start = std::chrono::steady_clock::now();
        const double cpu0 = threadCPUms();
        cv::Mat rgb;
        cv::cvtColor(mats[idx], rgb, cv::COLOR_BGR2RGB);
        dlib::array2d<dlib::rgb_pixel> img;
        dlib::assign_image(img, dlib::cv_image<dlib::rgb_pixel>(rgb));
        double factor = 1;
        for (int u = 0; u < upsample; ++u) { dlib::pyramid_up(img); factor *= 2; }
        std::vector<dlib::rect_detection> dets;
        detector(img, dets, -0.6);   // low threshold: the scorer sweeps the real threshold
        const double cpu = threadCPUms() - cpu0, ms = msSince(start);
        if (warmup) continue;
        std::printf("time\t%s\t%s\t%.2f\t%.2f\n", name.c_str(), images[idx].c_str(), cpu, ms);
        for (const auto& d : dets) {
            std::printf("det\t%s\t%s\t%d\t%d\t%d\t%d\t%.4f\n", name.c_str(), images[idx].c_str(),
                        int(d.rect.left() / factor), int(d.rect.top() / factor),
                        int(d.rect.width() / factor), int(d.rect.height() / factor), d.detection_confidence);
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) { std::fprintf(stderr, "usage: %s LIST CANDIDATE...\n", argv[0]); return 2; }
    cv::setNumThreads(1);   // per-core cost: the pipeline runs several photos at once
    std::vector<std::string> images;
    std::ifstream list(argv[1]);
    for (std::string line; std::getline(list, line);) if (!line.empty()) images.push_back(line);
    std::vector<cv::Mat> mats;
    for (const auto& path : images) {
        cv::Mat m = cv::imread(path, cv::IMREAD_COLOR);
        if (m.empty()) { std::fprintf(stderr, "cannot read %s\n", path.c_str()); return 2; }
        mats.push_back(m);
    }
    for (int a = 2; a < argc; ++a) {
        std::vector<std::string> spec = split(argv[a], ':');
        if (spec.size() >= 5 && spec[0] == "cv") runCascade(spec, images, mats);
        else if (spec.size() == 3 && spec[0] == "dlib") runDlib(spec, images, mats);
        else { std::fprintf(stderr, "bad candidate %s\n", argv[a]); return 2; }
        std::fflush(stdout);
    }
    return 0;
}
