# FullBleed: `make run` and `make test` work on a fresh Debian 12 machine with only Swift installed.
SHELL := /bin/bash
SWIFT ?= swift
# `make build` has its own SwiftPM build folder: on Linux it links the Swift runtime and Foundation into the
# binary (--static-swift-stdlib), which changes every compile command, so sharing .build/release with
# `swift build`/`swift test` would recompile everything each time one follows the other.
STATIC_BUILD := .build/static
BIN := $(STATIC_BUILD)/release/fullbleed

# Debian packages the build needs (C libraries through SwiftPM system-library targets).
# libheif-dev pulls in libheif1, whose own dependencies are the HEVC/AV1 codecs it has built in
# (libde265-0, libx265-199, libaom3, libdav1d6): no plugin packages needed on Debian 12.
# libmicrohttpd-dev: the HTTP server of `fullbleed review` (docs/review-server.md).
# libdlib-dev: dlib 19.24's HOG face detector for FullBleedFaces (docs/subjects.md, "Face detection"); with its
# dependencies (libdlib-data, LAPACK/BLAS, libopencv-core-dev, TBB) about 147 MB installed, 14 packages.
APT_PACKAGES := pkg-config libjpeg62-turbo-dev libpng-dev libwebp-dev libssl-dev liblcms2-dev libheif-dev libdlib-dev libmicrohttpd-dev

# apt-get as root, through sudo otherwise.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# macOS (docs/install.md, "On a Mac"; checked only on Linux): the same libraries from Homebrew. openssl@3 is keg-only
# (and jpeg-turbo is in some Homebrew versions), so their pkg-config folders are put on PKG_CONFIG_PATH for
# every swift command this Makefile runs; SwiftPM reads the flags of each system-library target from pkg-config.
UNAME := $(shell uname)
BREW_PACKAGES := pkg-config jpeg-turbo libpng webp little-cms2 libheif openssl@3 dlib libmicrohttpd
ifeq ($(UNAME),Darwin)
BREW_PKG_CONFIG := $(shell for f in openssl@3 jpeg-turbo; do p=$$(brew --prefix $$f 2>/dev/null) && printf '%s:' "$$p/lib/pkgconfig"; done)
export PKG_CONFIG_PATH := $(BREW_PKG_CONFIG)$(PKG_CONFIG_PATH)
endif

# make install: the release binary into $(PREFIX)/bin (put on PATH as a bare `fullbleed`).
PREFIX ?= /usr/local

.PHONY: all deps build test run clean install install-check

all: build

## deps: install the missing Debian -dev packages (idempotent: does nothing when all are present); on macOS the Homebrew formulas
deps:
ifeq ($(UNAME),Darwin)
	@missing=""; for p in $(BREW_PACKAGES); do brew list --versions $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "make deps: brew install$$missing"; brew install $$missing; \
	else echo "make deps: all Homebrew formulas present"; fi
else
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	else echo "make deps: all Debian packages present"; fi
endif

# The version manifests record (one place: ToolVersion.swift) and the git commit `fullbleed --version` shows.
# The commit comes from git when this folder is a git work tree, else from packaging/COMMIT, which
# `git archive` fills in (export-subst in .gitattributes), so a release tarball knows its commit without git.
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/FullBleedPipeline/ToolVersion.swift)
COMMIT = $(shell if [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ]; then \
	  c=$$(git rev-parse --short=12 HEAD) && { git diff --quiet HEAD -- 2>/dev/null || c="$$c-dirty"; } && echo "$$c"; \
	else sed -n 's/^\([0-9a-f]\{12\}\)[0-9a-f]*$$/\1/p' packaging/COMMIT 2>/dev/null; fi)
# The stamp header (CFullBleedBuildStamp) lives in the build folder, on a fixed include path: rewritten only
# when the commit changes, which recompiles one C file and relinks.
STAMP_DIR := $(CURDIR)/$(STATIC_BUILD)/stamp
ifeq ($(UNAME),Darwin)
STATIC_STDLIB :=
else
STATIC_STDLIB := --static-swift-stdlib
endif
# Homebrew's formula builds inside brew, which must not call brew: it passes BUILD_DEPS= (no `make deps`).
BUILD_DEPS ?= deps
SWIFT_BUILD_FLAGS ?=

.PHONY: FORCE version
FORCE:

## version: print the version and the commit `make build` stamps into the binary
version:
	@echo "$(VERSION) $(COMMIT)"

## build: release build of the fullbleed CLI into .build/static/release/fullbleed (on Linux with the Swift runtime linked in: it needs only C libraries)
build: $(BIN)

$(BIN): $(BUILD_DEPS) FORCE
	@mkdir -p "$(STAMP_DIR)" && printf '#define FULLBLEED_BUILD_COMMIT "%s"\n' "$(COMMIT)" > "$(STAMP_DIR)/next.h" && \
	if cmp -s "$(STAMP_DIR)/next.h" "$(STAMP_DIR)/fullbleed-build-commit.h"; then rm "$(STAMP_DIR)/next.h"; \
	else mv "$(STAMP_DIR)/next.h" "$(STAMP_DIR)/fullbleed-build-commit.h"; fi
	$(SWIFT) build -c release --product fullbleed --scratch-path $(STATIC_BUILD) $(STATIC_STDLIB) -Xcc -I"$(STAMP_DIR)" $(SWIFT_BUILD_FLAGS)

## install: build, then copy the release binary to $(PREFIX)/bin/fullbleed (PREFIX=/usr/local by default; DESTDIR for staging)
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(BIN) "$(DESTDIR)$(PREFIX)/bin/fullbleed"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/fullbleed"

## install-check: make install into a temporary PREFIX, then run the installed binary from PATH
install-check:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(MAKE) --no-print-directory install PREFIX="$$tmp" >/dev/null && \
	test -x "$$tmp/bin/fullbleed" && PATH="$$tmp/bin:$$PATH" fullbleed --version && echo "make install-check: ok ($$tmp/bin/fullbleed)"

## test: the whole test suite, in release (pixel loops are 35-50x slower in debug); first the Debian package and the container image it tests, where podman can run
test: deps test-deps k8s-venv hdr-venv review-venv package-test-artefacts
	$(SWIFT) test -c release

# ---- Kubernetes schema oracle: kubernetes-validate checks deploy/kubernetes/*.yaml against the
# Kubernetes OpenAPI schemas it ships (offline); KubernetesManifestTests skips with a message without it ----
K8S_VENV := .build/k8s-venv

.PHONY: k8s-venv

## k8s-venv: a Python venv with kubernetes-validate (enables KubernetesManifestTests)
k8s-venv:
	@test -x $(K8S_VENV)/bin/kubernetes-validate || (python3 -m venv $(K8S_VENV) && $(K8S_VENV)/bin/pip install -q kubernetes-validate==1.37.0)
# ---- end of the Kubernetes schema oracle ----

# ---- Review page browser test: Playwright from PyPI drives Debian's chromium (ReviewBrowserTests; no browser
# download: the test launches /usr/bin/chromium) ----
REVIEW_VENV := .build/review-venv

.PHONY: review-venv

## review-venv: a Python venv with Playwright (enables ReviewBrowserTests)
review-venv:
	@test -x $(REVIEW_VENV)/bin/python -a -d $(REVIEW_VENV)/lib || (python3 -m venv $(REVIEW_VENV) && $(REVIEW_VENV)/bin/pip install -q playwright==1.65.2)
	@$(REVIEW_VENV)/bin/python -c 'import playwright' 2>/dev/null || $(REVIEW_VENV)/bin/pip install -q playwright==1.65.2

.PHONY: review-screenshots

## review-screenshots: docs/images/review-before.png and review-after.png from ReviewBrowserTests (a box and a
## glyph tone saved), reduced to 256 colours with ImageMagick's convert to stay small
review-screenshots: review-venv test-deps
	@$(MAKE) --no-print-directory deps APT_PACKAGES="imagemagick"
	swift test -c release --filter ReviewBrowserTests
	@for shot in review-before review-after; do \
		convert build/review-screenshots/$$shot.png -dither None -colors 256 -strip PNG8:docs/images/$$shot.png || exit 1; \
	done
	@ls -l docs/images/review-before.png docs/images/review-after.png
# ---- end of the review page browser test ----

# ---- Test-only Debian packages: chromium runs the generated preview page headless (PreviewBrowserTests); fonts-liberation
# (a chromium Recommends) so its text renders with --no-install-recommends; GNU time measures the peak RSS of the
# build over the bad/ corpus (HostileInputTests); podman, runc, uidmap, mmdebstrap and dpkg-dev build and run the
# container image and the Debian package (PackagingTests); curl sends the review server's HTTP requests (ReviewServerTests) ----
TEST_APT_PACKAGES := chromium fonts-liberation time podman runc uidmap mmdebstrap dpkg-dev curl

.PHONY: test-deps

## test-deps: install the missing test-only Debian packages (idempotent: the deps recipe on this list)
test-deps: deps
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(TEST_APT_PACKAGES)"
# ---- end of test-only packages ----

# ---- Packages: the Debian package, the container image, the release tarball and the Homebrew formula (docs/install.md) ----
PACKAGE_WORK := .build/package
ARCH = $(shell dpkg --print-architecture 2>/dev/null)
DEB = build/fullbleed_$(VERSION)_$(ARCH).deb
# strip and dpkg-shlibdeps (binutils, dpkg-dev); podman and runc for the image.
PACKAGE_APT_PACKAGES := binutils dpkg-dev
IMAGE_APT_PACKAGES := podman runc uidmap
# The image `make image` builds and deploy/kubernetes runs; BASE: the Debian 12 image it starts from.
IMAGE ?= localhost/fullbleed:$(VERSION)
BASE ?= docker.io/library/debian:bookworm-slim
# PODMAN=docker builds with Docker. podman reads this project's containers.conf (packaging/containers.conf:
# runc, cgroupfs, no default ulimits), which works where the stock settings do not; CONTAINERS_CONF= for yours.
PODMAN ?= podman
CONTAINERS_CONF ?= $(CURDIR)/packaging/containers.conf
export CONTAINERS_CONF
IMAGE_ID := $(PACKAGE_WORK)/image.id
# The tests' base image: a Debian 12 root made by mmdebstrap from Debian's archive, imported (no registry needed).
TEST_BASE := localhost/fullbleed-test-base:bookworm

.PHONY: deb image package-deps image-deps test-base package-test-artefacts dist

package-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(PACKAGE_APT_PACKAGES)"

## deb: build/fullbleed_VERSION_ARCH.deb: the binary, Pipelines/*.json in /usr/share/fullbleed/pipelines, fullbleed(1); Depends from dpkg-shlibdeps
deb: $(DEB)

$(DEB): $(BIN) packaging/deb.sh packaging/manpage.sh $(wildcard Pipelines/*.json Pipelines/schema/*.json) | package-deps
	packaging/deb.sh $(BIN) $(VERSION) $@

image-deps:
ifeq ($(PODMAN),podman)
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(IMAGE_APT_PACKAGES)"
endif

## image: the container image $(IMAGE) (Containerfile: BASE plus the Debian package); PODMAN=docker for Docker
image: | image-deps
	@$(PODMAN) image inspect $(IMAGE) >/dev/null 2>&1 || rm -f $(IMAGE_ID)
	@$(MAKE) --no-print-directory $(IMAGE_ID)

# Rebuilt when the package, the Containerfile, the base or the image name changes (image.args: rewritten only then).
$(IMAGE_ID): $(DEB) Containerfile $(PACKAGE_WORK)/image.args
	rm -rf $(PACKAGE_WORK)/image-context && mkdir -p $(PACKAGE_WORK)/image-context && cp $(DEB) $(PACKAGE_WORK)/image-context/
	$(PODMAN) build -f Containerfile --build-arg BASE=$(BASE) -t $(IMAGE) --iidfile $@.tmp $(PACKAGE_WORK)/image-context
	mv $@.tmp $@ && rm -rf $(PACKAGE_WORK)/image-context

$(PACKAGE_WORK)/image.args: FORCE
	@mkdir -p $(@D) && echo "$(PODMAN) $(BASE) $(IMAGE)" > $@.tmp && { cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@; }

## test-base: the tests' base image $(TEST_BASE): a minimal Debian 12 root from mmdebstrap, imported into podman (once)
test-base: | image-deps
	@$(PODMAN) image inspect $(TEST_BASE) >/dev/null 2>&1 || { \
	  mkdir -p $(PACKAGE_WORK) && echo "mmdebstrap --variant=minbase bookworm (about a minute)" && \
	  mmdebstrap --quiet --variant=minbase --format=tar bookworm $(PACKAGE_WORK)/base-rootfs.tar && \
	  $(PODMAN) import --quiet $(PACKAGE_WORK)/base-rootfs.tar $(TEST_BASE) && rm $(PACKAGE_WORK)/base-rootfs.tar; }

# make test: the package and the image PackagingTests drive, from the mmdebstrap base; both are cached (a second
# make test rebuilds neither unless the binary, the packaging or the Containerfile changed). Skipped, saying
# why, where podman cannot run a container or there is no dpkg (macOS); PackagingTests then skip too.
package-test-artefacts: test-deps
	@if ! command -v dpkg >/dev/null; then echo "make test: no dpkg here: the Debian package and container image tests are skipped"; \
	elif ! err=$$($(PODMAN) info 2>&1 >/dev/null); then \
	  echo "make test: podman cannot run here ($$(printf '%s' "$$err" | head -n 1)): the Debian package and container image tests are skipped"; \
	  $(MAKE) --no-print-directory build; \
	else $(MAKE) --no-print-directory test-base && $(MAKE) --no-print-directory image BASE=$(TEST_BASE); fi

## dist: build/fullbleed-VERSION.tar.gz (git archive of HEAD; packaging/COMMIT carries the commit) and build/fullbleed.rb, the Homebrew formula for it (RELEASE_URL: where the tarball will be published)
RELEASE_URL ?=
dist:
	@[ -n "$(RELEASE_URL)" ] || { echo "make dist: set RELEASE_URL, the folder URL the tarball will be published at"; exit 2; }
	@mkdir -p build && git archive --format=tar.gz --prefix=fullbleed-$(VERSION)/ -o build/fullbleed-$(VERSION).tar.gz HEAD
	@sha=$$(sha256sum build/fullbleed-$(VERSION).tar.gz | cut -d' ' -f1) && \
	sed -e 's|^  url ".*"|  url "$(RELEASE_URL)/fullbleed-$(VERSION).tar.gz"|' -e "s|^  sha256 \".*\"|  sha256 \"$$sha\"|" Formula/fullbleed.rb > build/fullbleed.rb && \
	echo "build/fullbleed-$(VERSION).tar.gz (sha256 $$sha), build/fullbleed.rb"
# ---- end of packages ----

## run: build, then make the heroes of Samples/ with the default pipeline into build/heroes/
run: build
	$(BIN) build Samples --pipeline Pipelines/ios-hero.json --out build/heroes

clean:
	rm -rf .build build

# ---- HDR gain map oracle: libultrahdr 1.4.0 from the imagecodecs wheel, for the fixtures ----
HDR_VENV := .build/hdr-venv

.PHONY: hdr-venv hdr-fixtures

## hdr-venv: a Python venv with imagecodecs (libultrahdr 1.4.0) and numpy; enables the live libultrahdr test of UltraHDRWriteTests and the glyph-region oracle (GlyphRegionOracleTests)
hdr-venv:
	@test -x $(HDR_VENV)/bin/python || (python3 -m venv $(HDR_VENV) && $(HDR_VENV)/bin/pip install -q imagecodecs==2026.3.6 numpy==2.4.6)

## hdr-fixtures: regenerate Tests/Fixtures/hdr (libultrahdr files, hostile files, references; see its make_fixtures.py)
hdr-fixtures: hdr-venv
	FULLBLEED_WRITE_HDR_FIXTURES=1 $(SWIFT) test -c release --filter UltraHDRWriteTests/committedOutputIsReadTheSameByLibultrahdr || true
	$(HDR_VENV)/bin/python Tests/Fixtures/hdr/make_fixtures.py generate
# ---- end of HDR gain map oracle ----

# ---- Fuzzing and sanitizers ---------------------------------------------------------------------
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
# Under the sanitizers, wall-clock assertions are meaningless: the timing suites are skipped.
SANITIZER_SKIP := --skip 'TimingTests|SpeedTests|BenchmarkTests'
# ASan runs the whole suite; TSan the suites that drive the concurrent code (ParallelRunner, the parallel
# resample, blur and colour transform paths on synthetic images, build determinism through the CLI).
ASAN_TESTS ?=
TSAN_TESTS ?= --filter 'ParallelRunnerTests|ResampleTests|LanczosTests|BlurTests|BoxBlurKernelTests|BackgroundExtensionTests|ColorManagementConversionTests|BuildCommandTests'

.PHONY: fuzz fuzz-smoke fuzz-campaign test-asan test-tsan

## fuzz: every libFuzzer target (Sources/Fuzz) under ASan for FUZZ_SECONDS each; crashes go to Tests/Fixtures/fuzz-regressions
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) Tests/Fuzz/fuzz.sh $(FUZZ_TARGETS)

## fuzz-smoke: the same, 20 s per target
fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=20

## fuzz-campaign: a long single-process run per decoder (CAMPAIGN_SECONDS each, default 1200) that minimises
## its corpus into Tests/Fuzz/corpus/<target>/ and appends Tests/Fuzz/ledger.tsv; commit both afterwards
CAMPAIGN_SECONDS ?= 1200
CAMPAIGN_TARGETS ?= FuzzJPEG FuzzPNG FuzzWebP FuzzHEIF
fuzz-campaign: deps
	FUZZ_KEEP=1 FUZZ_SECONDS=$(CAMPAIGN_SECONDS) SWIFT=$(SWIFT) Tests/Fuzz/fuzz.sh $(CAMPAIGN_TARGETS)

## test-asan: the test suite in release under AddressSanitizer (own scratch folder .build-asan)
test-asan: deps
	ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no $(SWIFT) test -c release --scratch-path .build-asan --sanitize=address $(SANITIZER_SKIP) $(ASAN_TESTS)

## test-tsan: the concurrency-relevant suites in release under ThreadSanitizer (own scratch folder .build-tsan)
test-tsan: deps
	SWIFT_BACKTRACE=enable=no $(SWIFT) test -c release --scratch-path .build-tsan --sanitize=thread $(SANITIZER_SKIP) $(TSAN_TESTS)
# ---- end of fuzzing and sanitizers ----------------------------------------------------------------

# ---- Benchmark ----------------------------------------------------------------------------------
# make bench: FullBleed vs libvips vs ImageMagick vs the libjpeg-turbo/libwebp floor on the hero job of
# Pipelines/bench-parity.json (Tests/Bench/bench.sh); results in build/bench/results.md. BENCH_RUNS=1 for a
# quick smoke. Installs its peers (and libvips-dev for Tests/Bench/vips_hero.c, jq to read the manifest).
BENCH_APT_PACKAGES := libvips-tools libvips-dev imagemagick libjpeg-turbo-progs webp libheif-examples time jq python3-venv
BENCH_RUNS ?= 5

.PHONY: bench bench-deps

## bench-deps: install the missing benchmark peers (idempotent: the deps recipe with the bench list)
bench-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(BENCH_APT_PACKAGES)"

# libvips 8.18+ as users get it today: the pyvips-binary wheel (libvips with its SIMD build) and pyvips, in
# a venv; PKG_CONFIG=/bin/false so pyvips cannot find Debian's libvips 8.14 and uses the wheel's.
BENCH_VENV := .build/bench-venv

.PHONY: bench-venv
## bench-venv: a Python venv with pyvips-binary 8.18.7 + pyvips 3.2.0 (the libvips 8.18 row of make bench)
bench-venv:
	@test -x $(BENCH_VENV)/bin/python && $(BENCH_VENV)/bin/python -c 'import pyvips' 2>/dev/null || \
	  (python3 -m venv $(BENCH_VENV) && PKG_CONFIG=/bin/false $(BENCH_VENV)/bin/pip install -q pyvips-binary==8.18.7 pyvips==3.2.0)

## bench: release build, then the side-by-side benchmark (median of BENCH_RUNS rounds), then the timing-only tests
bench: build bench-deps bench-venv
	BENCH_RUNS=$(BENCH_RUNS) Tests/Bench/bench.sh
	$(MAKE) --no-print-directory bench-timings

.PHONY: bench-timings
## bench-timings: the timing-only test suites (they print timings and assert none; skipped by make test)
bench-timings: deps
	FULLBLEED_TIMING=1 $(SWIFT) test -c release --filter 'TimingTests|SpeedTests|BenchmarkTests|Timing\(|HEIFCorpusTests'

# ---- end of benchmark -----------------------------------------------------------------------------

# ---- Face-detector comparison ------------------------------------------------------------------
# make faces-eval: composites real faces into the face-free corpus photos and measures every candidate
# (OpenCV 4.6 cascades, dlib HOG) with Tests/Faces/evaluate.py; results in build/faces-eval/results.md.
# Evaluation only: OpenCV's objdetect headers and cascades are not needed by the package.
FACES_EVAL_APT_PACKAGES := libopencv-objdetect-dev opencv-data g++ python3-venv
FACES_VENV := build/faces-eval/venv

.PHONY: faces-eval
## faces-eval: the face-detector comparison of docs/subjects.md, "Face detection" (needs ../shared/corpus)
faces-eval: deps
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(FACES_EVAL_APT_PACKAGES)"
	[ -x $(FACES_VENV)/bin/python ] || python3 -m venv $(FACES_VENV)
	$(FACES_VENV)/bin/pip install -q numpy pillow scikit-image==0.26.0
	$(FACES_VENV)/bin/python Tests/Faces/evaluate.py --work build/faces-eval
# ---- end of face-detector comparison --------------------------------------------------------------
