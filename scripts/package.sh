#!/bin/sh
# Builds the installable app (Linux x64) with the JDK's own tools:
#   target/package/image/lanescope/           the app-image: a private Java runtime (jlink) holding JavaFX, the jars,
#                                             the bundled samples, and two launchers
#   target/package/lanescope_VERSION_amd64.deb  the same image as a Debian package, installed under /opt/lanescope,
#                                             with /usr/bin/lanescope (the command line), /usr/bin/lanescope-window
#                                             (the window on the bundled sample) and a desktop menu entry
#   scripts/package.sh [--image-only]   (needs a JDK 17+ with jlink and jpackage; the .deb also dpkg-deb and fakeroot)
#
# JavaFX goes into the runtime as named modules, made by jlink from JavaFX's own jars (Maven Central has no jmods):
# so the window and `lanescope export --png` start without JavaFX's "Unsupported JavaFX configuration" warning.
# Its native libraries are copied beside the runtime's own (lib/), where JavaFX looks first when it runs from a
# runtime image, instead of unpacking them into ~/.openjfx on every new machine.
# `mvn -q verify` does not run this (CI time); the proof that the package installs and starts is docs/bench/package.md.
set -eu
cd "$(dirname "$0")/.."

say() { echo "package: $*" >&2; }
image_only=0
[ "${1:-}" = "--image-only" ] && image_only=1
# every tool this script calls, checked before anything is built, each with the package that brings it
missing=""
need() { command -v "$1" >/dev/null 2>&1 || missing="$missing $2"; }
need java openjdk-17-jdk-headless; need jlink openjdk-17-jdk-headless; need jdeps openjdk-17-jdk-headless
need jpackage openjdk-17-jdk-headless; need mvn maven; need unzip unzip
if [ "$image_only" = 0 ]; then
    need dpkg-deb dpkg; need fakeroot fakeroot; need ldd libc-bin; need dpkg-query dpkg; need readelf binutils
fi
if [ -n "$missing" ]; then
    # shellcheck disable=SC2086
    say "missing tools; install them with: sudo apt-get install $(printf '%s\n' $missing | sort -u | tr '\n' ' ')"
    exit 1
fi

version=$(sed -n 's|^  <version>\([0-9.]*\).*</version>|\1|p' pom.xml | head -n 1)
out=target/package
input=$out/input
runtime=$out/runtime
rm -rf "$out"
mkdir -p "$input/lib"

# --- the jars: ours (without dependencies) and every runtime library but JavaFX, which goes into the runtime
say "building the jars (Maven)"
mvn -q -B package -DskipTests
cp "target/lanescope-$version-SNAPSHOT.jar" "$input/lanescope.jar" 2>/dev/null || cp "target/lanescope-$version.jar" "$input/lanescope.jar"
mvn -q -B dependency:copy-dependencies -DincludeScope=runtime -DexcludeGroupIds=org.openjfx \
    -DoutputDirectory="$input/lib"
cp -r samples "$input/samples"
cp packaging/lanescope.desktop "$input/"
# the command line started without jpackage's launcher, and its class-data archive (packaging/app/cli.sh)
cp packaging/app/cli.sh "$input/"

# --- the runtime: the JDK modules the jars use (jdeps) plus JavaFX from its jars
jdk_modules=$(jdeps --print-module-deps --ignore-missing-deps --multi-release 17 --module-path target/javafx \
    --add-modules javafx.controls,javafx.fxml --class-path "$input/lib/*" "$input/lanescope.jar")
say "linking a runtime with $jdk_modules,javafx.controls,javafx.fxml"
jlink --module-path target/javafx --add-modules "$jdk_modules,java.logging,javafx.controls,javafx.fxml" \
    --exclude-resources='glob:/javafx.graphics/lib*.so' \
    --strip-debug --no-header-files --no-man-pages --compress=2 --output "$runtime"
for fxjar in target/javafx/javafx-*-linux.jar; do
    unzip -q -o -j "$fxjar" '*.so' -d "$runtime/lib" 2>/dev/null || true
done

# Monocle (the headless platform `export --png` renders on) sits on the class path and reaches into JavaFX's
# internals; with JavaFX a named module that access is granted by name: the list the jar's manifest carries (pom.xml,
# lanescope.fx.exports), turned into launcher options.
fx_internals=$(unzip -p target/lanescope.jar META-INF/MANIFEST.MF | tr -d '\r' \
    | awk '/^Add-Exports:/ { sub(/^Add-Exports: */, ""); line = $0; cont = 1; next }
           cont && /^ / { line = line substr($0, 2); next } { cont = 0 } END { print line }')
[ -n "$fx_internals" ] || { say "target/lanescope.jar has no Add-Exports in its manifest"; exit 1; }
exports=""
for p in $fx_internals; do exports="$exports --add-exports=$p=ALL-UNNAMED"; done
common_opts="$exports -Dlanescope.samples=\$APPDIR/samples"

# the window: a second launcher beside the command line (its menu entry: packaging/lanescope.desktop)
cat >"$out/lanescope-window.properties" <<EOF
main-class=dev.lanescope.ui.Launcher
java-options=$common_opts -Dlanescope.command=lanescope-window -XX:TieredStopAtLevel=1 -XX:-UsePerfData
description=Opens the lanescope window (no path: a bundled sample capture)
EOF

# the archive lib/app/cli.sh --train-archive makes after installing (or by hand for an app-image), for bin/lanescope
# too; while it is missing, or was made for another place, the command starts without it and says nothing
cds_opts="-XX:SharedArchiveFile=\$APPDIR/lanescope-cli.jsa -Xshare:auto -Xlog:cds=off -XX:+UnlockDiagnosticVMOptions"
cds_opts="$cds_opts -XX:ArchiveRelocationMode=0"

say "jpackage: app-image"
# the command line: C1 only with one compiler thread and no perf-data file; a command's life is too short for C2's
# peak (C2 cost about 2.7 s of CPU in export --png), and on two cores a second compiler thread competes with the
# command (docs/bench/cli.md)
# shellcheck disable=SC2086
jpackage --type app-image --dest "$out/image" --name lanescope --app-version "$version" \
    --input "$input" --main-jar lanescope.jar --main-class dev.lanescope.cli.Main \
    --runtime-image "$runtime" --java-options "$common_opts -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 -XX:-UsePerfData $cds_opts" \
    --add-launcher lanescope-window="$out/lanescope-window.properties" \
    --description "PCIe topology explorer: per-hop link verdicts, path ceilings, AtomicOps, move advice"
if [ "$image_only" = 1 ]; then
    say "done: $out/image/lanescope (bin/lanescope, bin/lanescope-window)"
    exit 0
fi

# The package's Depends is written by hand in packaging/deb/control (with the names Ubuntu 24.04 gave some of them
# after the 64-bit time change as alternatives), not the build host's ldd list, which names only this host's
# packages. Checked here: every system library the runtime links resolves to a package that Depends names.
say "checking packaging/deb/control's Depends against the libraries the runtime links"
depends=$(sed -n 's/^Depends: *//p' packaging/deb/control | tr ',|' '\n\n' | tr -d ' ')
unlisted=""
# each ELF file's own NEEDED entries (readelf), resolved to a path by ldd: what GTK itself pulls in is GTK's business
direct_libs() {
    find "$out/image/lanescope" -type f \( -name '*.so' -o -name '*.so.*' -o -path '*/bin/*' \) | while read -r f; do
        needed=$(readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
        [ -n "$needed" ] || continue
        ldd "$f" 2>/dev/null | awk -v needed="$needed" 'BEGIN { n = split(needed, a, "\n"); for (i = 1; i <= n; i++) want[a[i]] = 1 }
            $2 == "=>" && ($1 in want) && $3 ~ /^\// { print $3 }'
    done | sort -u
}
for lib in $(direct_libs); do
    case "$lib" in "$PWD/$out/"*|"$out/"*) continue ;; esac
    real=$(readlink -f "$lib")
    pkg=$(dpkg-query -S "$lib" 2>/dev/null || dpkg-query -S "$real" 2>/dev/null || true)
    pkg=$(echo "$pkg" | head -n 1 | cut -d: -f1)
    [ -n "$pkg" ] || { unlisted="$unlisted $lib(no-package)"; continue; }
    echo "$depends" | grep -qx "$pkg" || unlisted="$unlisted $pkg($lib)"
done
if [ -n "$unlisted" ]; then
    say "the runtime links libraries whose packages packaging/deb/control does not name:$unlisted"
    exit 1
fi

say "jpackage: .deb (compressing takes a few minutes)"
# The postinst/prerm/postrm under packaging/deb put the two commands on the PATH (jpackage installs under /opt only)
# and leave /opt in place on purge; control carries the Depends above. The menu entry is the window's only.
jpackage --type deb --dest "$out" --app-image "$out/image/lanescope" --name lanescope --app-version "$version" \
    --resource-dir packaging/deb \
    --linux-package-name lanescope --linux-app-category science --linux-menu-group "Science;System;" \
    --description "PCIe topology explorer: per-hop link verdicts, path ceilings, AtomicOps, move advice" \
    --vendor "lanescope" --copyright "lanescope authors"
ls -l "$out"/*.deb >&2
