#!/bin/sh
# Opens the lanescope window: the README's first command.
#   scripts/window.sh [capture paths and window options; --help lists them]
# It checks what the window needs first (Java 17+, a display, GTK 3) and says in one line what is missing and the
# command that installs it. It builds target/lanescope.jar when the jar is missing or older than the sources
# (Maven, about a minute, once), then starts the jar:
#   * JavaFX from its own jars on the module path (target/javafx), as JavaFX expects;
#   * a class-data-sharing archive (target/lanescope.jsa), recorded when the first window closes and mapped by
#     every later start instead of loading and verifying those classes again;
#   * C1 only (-XX:TieredStopAtLevel=1): a desktop session is short (docs/bench/ui-bench.md, docs/bench/first-run.md).
set -eu
cd "$(dirname "$0")/.."

say() { echo "lanescope: $*" >&2; }

# --- what the window needs, before anything slow
if ! command -v java >/dev/null 2>&1; then
    say "Java 17 or newer is not installed: sudo apt-get install openjdk-17-jdk maven (or openjdk-21-jdk)"
    exit 1
fi
# the version check starts a JVM of its own: only before the first window (no class-data archive yet)
if [ ! -f target/lanescope.jsa ]; then
    java_major=$(java -XshowSettings:properties -version 2>&1 \
        | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p')
    if [ -n "$java_major" ] && [ "$java_major" -lt 17 ]; then
        say "Java $java_major is too old (17 or newer is needed): sudo apt-get install openjdk-17-jdk (or openjdk-21-jdk)"
        exit 1
    fi
fi
case " $* " in
    *" --help "*|*" -h "*|*" --version "*|*" -V "*) help=1 ;;
    *) help=0 ;;
esac
if [ "$help" = 0 ] && [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    say "no display (DISPLAY is not set): run this in a desktop session, or use the command line without one" \
        "(scripts/lanescope.sh analyze CAPTURE, or scripts/lanescope.sh export CAPTURE --png out.png)"
    exit 1
fi
has_lib() {
    for d in /usr/lib/x86_64-linux-gnu /usr/lib/aarch64-linux-gnu /lib/x86_64-linux-gnu /lib/aarch64-linux-gnu \
             /usr/lib64 /usr/lib /lib64 /lib; do
        [ -e "$d/$1" ] && return 0
    done
    for ldc in ldconfig /sbin/ldconfig /usr/sbin/ldconfig; do
        if command -v "$ldc" >/dev/null 2>&1; then
            "$ldc" -p 2>/dev/null | grep -q "$1" && return 0
            break
        fi
    done
    return 1
}
if [ "$help" = 0 ]; then
    missing=""
    has_lib libgtk-3.so.0 || missing="$missing libgtk-3-0"
    has_lib libXtst.so.6 || missing="$missing libxtst6"
    if [ -n "$missing" ]; then
        say "the window needs GTK 3, which JavaFX draws with, and it is not installed:" \
            "sudo apt-get install$missing"
        exit 1
    fi
fi

# --- build once (and again when the sources changed)
scripts/build-jar.sh
jar=target/lanescope.jar
fx=target/javafx
jsa=target/lanescope.jsa
# an archive older than the jar describes other classes: make a new one
if [ -f "$jsa" ] && [ "$jar" -nt "$jsa" ]; then
    rm -f "$jsa"
fi

# LANESCOPE_JAVA_OPTS: extra JVM options (the start-up benchmark passes -Dlanescope.timing=true)
# shellcheck disable=SC2086
set -- ${LANESCOPE_JAVA_OPTS:-} --module-path "$fx" --add-modules javafx.controls,javafx.fxml -cp "$jar" \
    dev.lanescope.ui.Launcher "$@"
if [ "$help" = 1 ]; then
    exec java "$@"
fi
if [ -f "$jsa" ]; then
    exec java -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xlog:cds=off -XX:SharedArchiveFile="$jsa" -Xshare:auto "$@"
else
    # -Xlog:cds=off: the classes CDS cannot keep (old bytecode in picocli and EMF) are skipped without a word
    exec java -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xlog:cds=off -XX:ArchiveClassesAtExit="$jsa" "$@"
fi
