#include "CFullBleedBuildStamp.h"

// The Makefile's release build (`make build`) writes fullbleed-build-commit.h, defining
// FULLBLEED_BUILD_COMMIT, into a folder of its own build directory that it puts on the include path
// (-Xcc -I). The folder's path never changes, so a new commit recompiles this file and relinks, nothing
// else. Without it (any other build), the commit is empty and `fullbleed --version` says it is unknown.
#if __has_include("fullbleed-build-commit.h")
#include "fullbleed-build-commit.h"
#endif
#ifndef FULLBLEED_BUILD_COMMIT
#define FULLBLEED_BUILD_COMMIT ""
#endif

const char *fullbleed_build_commit(void) { return FULLBLEED_BUILD_COMMIT; }
