# Homebrew formula for FullBleed, built from a release tarball. Untested: brew cannot run on the machines
# this repository is checked on, and no Mac has run it (docs/install.md). `make dist RELEASE_URL=...` writes
# the tarball (build/fullbleed-VERSION.tar.gz) and this formula with that tarball's url and sha256
# (build/fullbleed.rb); publish both, then `brew install ./fullbleed.rb` or put it in a tap.
class Fullbleed < Formula
  desc "Hero assets for iOS 26-style detail screens, the web and Android"
  url "RELEASE_URL/fullbleed-0.2.0.tar.gz"
  sha256 "written by make dist"

  # The C libraries of Package.swift's system-library targets (their .brew providers), and dlib, which the
  # face detector (FullBleedFaces) links; the Makefile's BREW_PACKAGES is the same list.
  depends_on "pkg-config" => :build
  depends_on "dlib"
  depends_on "jpeg-turbo"
  depends_on "libheif"
  depends_on "libmicrohttpd"
  depends_on "libpng"
  depends_on "little-cms2"
  depends_on "openssl@3"
  depends_on "webp"
  # Swift 6: Xcode 16 or later on macOS, Homebrew's swift on Linux.
  on_macos do
    depends_on xcode: ["16.0", :build]
  end
  uses_from_macos "swift" => :build

  def install
    # The Makefile's build (it stamps the commit from packaging/COMMIT into `fullbleed --version`), without
    # `make deps`, which would call brew from inside brew; SwiftPM's own sandbox cannot nest in brew's.
    system "make", "install", "PREFIX=#{prefix}", "BUILD_DEPS=", "SWIFT_BUILD_FLAGS=--disable-sandbox"
    (pkgshare/"pipelines").install Dir["Pipelines/*.json"]
    (pkgshare/"pipelines/schema").install Dir["Pipelines/schema/*.json"]
    (buildpath/"fullbleed.1").write Utils.safe_popen_read("packaging/manpage.sh", bin/"fullbleed")
    man1.install "fullbleed.1"
  end

  test do
    assert_match "fullbleed #{version}", shell_output("#{bin}/fullbleed --version")
    assert_match "Usage: fullbleed build", shell_output("#{bin}/fullbleed build --help")
    system bin/"fullbleed", "probe", "--json", test_fixtures("test.png")
  end
end
