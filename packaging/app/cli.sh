#!/bin/sh
# The installed command line, started straight on the bundled runtime (what /usr/bin/lanescope points to):
#   lanescope ARGS...                 the command
#   sh .../lib/app/cli.sh --train-archive   makes lanescope-cli.jsa beside this script (the package's postinst)
# Why not jpackage's own launcher (bin/lanescope, still there and working): on every start it asks rpm and dpkg
# which package owns it, about 0.45 s before Java starts (docs/bench/package.md). This script reads the same
# class path, main class and options from lanescope.cfg beside it and adds what scripts/lanescope.sh adds in a
# checkout: the class-data-sharing archive when it has been made (the classes one training run on a bundled sample
# loaded, mapped at every start instead of loaded and linked again) and transparent huge pages where the kernel
# offers them (docs/bench/cli.md).
set -eu
app=$(cd "$(dirname "$(readlink -f "$0")")" && pwd)
java=$app/../runtime/bin/java
cfg=$app/lanescope.cfg
archive=$app/lanescope-cli.jsa
cp=$(sed -n 's/^app\.classpath=//p' "$cfg" | sed "s|\$APPDIR|$app|g" | paste -sd: -)
main=$(sed -n 's/^app\.mainclass=//p' "$cfg")
# the launcher's options; the archive's own are this script's to add
opts=$(sed -n 's/^java-options=//p' "$cfg" | sed "s|\$APPDIR|$app|g" \
    | grep -v -e '^-XX:SharedArchiveFile=' -e '^-Xshare:' -e '^-XX:ArchiveRelocationMode=' | tr '\n' ' ')

if [ "${1:-}" = --train-archive ]; then
    sample=$app/samples/hp-laptop-coffeelake-gtx1650-titanridge
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # shellcheck disable=SC2086
    "$java" $opts -Xlog:cds=off -XX:DumpLoadedClassList="$work/classes.lst" -cp "$cp" dev.lanescope.cli.Training \
        "$sample" "$work" >"$work/train.log" 2>&1 || true
    [ -s "$work/classes.lst" ] || { echo "lanescope: the training run loaded nothing: $(tail -n 2 "$work/train.log")" >&2; exit 1; }
    # Java 17 crashes making a static archive from a list that names lambda classes of named modules (JavaFX is one
    # in this runtime): the list goes without its lambda lines; those few classes are made at start as before
    grep -v '^@lambda-proxy' "$work/classes.lst" >"$work/dump.lst" || true
    # shellcheck disable=SC2086
    "$java" $opts -Xshare:dump -Xlog:cds=off -XX:SharedClassListFile="$work/dump.lst" \
        -XX:SharedArchiveFile="$work/cli.jsa" -cp "$cp" >"$work/dump.log" 2>&1 \
        || { echo "lanescope: the archive was not made: $(tail -n 2 "$work/dump.log")" >&2; exit 1; }
    mv -f "$work/cli.jsa" "$archive"
    echo "lanescope: made $archive ($(du -k "$archive" | cut -f1) KiB)"
    exit 0
fi

fast=""
case $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null) in
    *"[always]"* | *"[madvise]"*) fast="-XX:+UseTransparentHugePages" ;;
esac
[ -f "$archive" ] && fast="$fast -XX:SharedArchiveFile=$archive -Xshare:auto -Xlog:cds=off -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0"
# shellcheck disable=SC2086
exec "$java" $opts $fast -cp "$cp" "$main" "$@"
