#!/bin/sh
# packaging/deb.sh BINARY VERSION OUTPUT.deb: the Debian package of fullbleed. The binary (stripped: the
# Swift runtime is linked in, so it needs only C libraries), the pipelines of Pipelines/ in
# /usr/share/fullbleed/pipelines/, and fullbleed(1) written from the binary's help. Depends is what
# dpkg-shlibdeps reads off the binary's NEEDED libraries (with the versions their shlibs/symbols files ask).
set -eu
bin=$1 version=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pkg=$work/pkg
# Fixed modes whatever the umask; the times of the packaged files are the commit's (SOURCE_DATE_EPOCH).
umask 022

install -D -m 755 "$bin" "$pkg/usr/bin/fullbleed"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/fullbleed"
install -d "$pkg/usr/share/fullbleed/pipelines" "$pkg/usr/share/man/man1"
for pipeline in "$root"/Pipelines/*.json; do install -m 644 "$pipeline" "$pkg/usr/share/fullbleed/pipelines/"; done
install -d "$pkg/usr/share/fullbleed/pipelines/schema"
for schema in "$root"/Pipelines/schema/*.json; do install -m 644 "$schema" "$pkg/usr/share/fullbleed/pipelines/schema/"; done
"$here/manpage.sh" "$pkg/usr/bin/fullbleed" | gzip -9n > "$pkg/usr/share/man/man1/fullbleed.1.gz"
chmod 644 "$pkg/usr/share/man/man1/fullbleed.1.gz"

# dpkg-shlibdeps runs in a source tree: an empty debian/control is enough with -O (print, no substvars file);
# the package root's DEBIAN folder tells it where the binary will be installed.
install -d "$pkg/DEBIAN"
mkdir -p "$work/src/debian" && : > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$pkg/usr/bin/fullbleed" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "packaging/deb.sh: dpkg-shlibdeps found no dependencies for $bin" >&2; exit 1; }

# The person building the package (DEB_MAINTAINER, else git's user.name and user.email).
maintainer=${DEB_MAINTAINER:-}
if [ -z "$maintainer" ]; then
    name=$(git -C "$root" config user.name || true) email=$(git -C "$root" config user.email || true)
    if [ -n "$name" ] && [ -n "$email" ]; then maintainer="$name <$email>"; else maintainer="$(id -un) <$(id -un)@$(hostname)>"; fi
fi

cat > "$pkg/DEBIAN/control" <<CONTROL
Package: fullbleed
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
Depends: $depends
Section: graphics
Priority: optional
Description: hero assets for iOS 26-style detail screens, the web and Android
 fullbleed turns a folder of photos into hero assets: content-aware crops that
 keep the subject out of the band under the status bar and toolbar, resampled
 tiers, background extensions and scrims, toolbar legibility analysis and
 recommendations, placeholders, and one deterministic manifest.json. The
 pipelines that come with it are in /usr/share/fullbleed/pipelines.
CONTROL

export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}"
find "$pkg" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
mkdir -p "$(dirname "$out")"
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out.tmp" >/dev/null
mv "$out.tmp" "$out"
echo "$out: Depends: $depends"
