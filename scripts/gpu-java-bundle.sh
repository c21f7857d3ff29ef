#!/bin/sh
# gpu-java-bundle.sh: packs what the device machine lacks to run lanescope's Java side and its window headless,
# into .gpujava/bundle.tar.xz (ignored by git through .git/info/exclude; name `.gpujava` in the device tool's
# carry). Inside: rt/ (a jlink'd Java 17 runtime from this machine's JDK), app/lanescope.jar and
# app/test-classes (mvn package + test-compile), and libs/ (Debian packages unpacked, not installed: FreeType,
# fontconfig, DejaVu fonts and the Pango family that JavaFX's font natives load) with fonts.conf for them.
# On the device: mkdir -p /tmp/gj && xz -dc .gpujava/bundle.tar.xz | tar -C /tmp/gj -xf - && sh scripts/gpu-evidence.sh OUT
set -eu
cd "$(dirname "$0")/.."
mvn -q -B package -DskipTests
mvn -q -B test-compile
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jlink --add-modules java.base,java.compiler,java.desktop,java.logging,java.management,java.prefs,java.scripting,java.sql,java.xml,jdk.jfr,jdk.unsupported,jdk.unsupported.desktop,jdk.zipfs,jdk.charsets \
      --strip-debug --no-header-files --no-man-pages --output "$work/rt"
mkdir -p "$work/app" "$work/debs" "$work/libs"
cp target/lanescope.jar "$work/app/"
cp -r target/test-classes "$work/app/"
# what libjavafx_font*.so, libprism_sw.so and libglass.so link against, less what any glibc system has
(cd "$work/debs" && apt-get download libfreetype6 libfontconfig1 fontconfig-config fonts-dejavu-core libpng16-16 \
    libbrotli1 libexpat1 libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libglib2.0-0 libfribidi0 libthai0 \
    libthai-data libdatrie1 libgraphite2-3 libx11-6 libxcb1 libxau6 libxdmcp6 libbsd0 libmd0)
for d in "$work"/debs/*.deb; do dpkg -x "$d" "$work/libs"; done
rm -rf "$work/debs"
cat > "$work/libs/fonts.conf" <<'CONF'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>/tmp/gj/libs/usr/share/fonts</dir>
  <cachedir>/tmp/gj/fontcache</cachedir>
  <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
  <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
</fontconfig>
CONF
mkdir -p .gpujava
tar -C "$work" -cf - . | xz -6 -T2 > .gpujava/bundle.tar.xz
ls -la .gpujava/bundle.tar.xz
