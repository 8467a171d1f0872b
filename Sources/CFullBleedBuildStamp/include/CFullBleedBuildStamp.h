#ifndef CFULLBLEED_BUILD_STAMP_H
#define CFULLBLEED_BUILD_STAMP_H

/// The git commit this binary was built from, as the Makefile stamped it: 12 hex digits, with "-dirty"
/// when the working tree had uncommitted changes; "" for builds that did not go through the Makefile
/// (`swift build`, `swift test`, the SwiftPM plugin). Never enters the manifest or any derivative.
const char *fullbleed_build_commit(void);

#endif
