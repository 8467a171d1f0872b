# FullBleed: `make run` and `make test` work on a fresh Debian 12 machine with only Swift installed.
SHELL := /bin/bash
SWIFT ?= swift
BIN := .build/release/fullbleed

# Debian packages the build needs (C libraries through SwiftPM system-library targets).
# libheif-dev pulls in libheif1, whose own dependencies are the HEVC/AV1 codecs it has built in
# (libde265-0, libx265-199, libaom3, libdav1d6): no plugin packages needed on Debian 12.
APT_PACKAGES := pkg-config libjpeg62-turbo-dev libpng-dev libwebp-dev libssl-dev liblcms2-dev libheif-dev

# apt-get as root, through sudo otherwise.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build test run clean

all: build

## deps: install the missing Debian -dev packages (idempotent: does nothing when all are present)
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	else echo "make deps: all Debian packages present"; fi

## build: release build of the fullbleed CLI
build: deps
	$(SWIFT) build -c release --product fullbleed

## test: the whole test suite, in release (pixel loops are 35-50x slower in debug)
test: deps
	$(SWIFT) test -c release

## run: build, then make the heroes of Samples/ with the default pipeline into build/heroes/
run: build
	$(BIN) build Samples --pipeline Pipelines/ios-hero.json --out build/heroes

clean:
	rm -rf .build build
