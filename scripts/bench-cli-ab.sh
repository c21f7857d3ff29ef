#!/bin/bash
# An older build against this one, each started the fast way of its own day (not a test): analyze, export --png and
# batches of 1 and 20 pictures of the bundled HP sample, through each build's own scripts/lanescope.sh with its own
# class-data archive, alternated round by round so the machine's load falls on both alike.
#   scripts/bench-cli-ab.sh OLD.jar OLD_REV [ROUNDS]      (default 7 rounds)
# OLD.jar: target/lanescope.jar built at OLD_REV (git worktree add /tmp/old OLD_REV && cd /tmp/old &&
# mvn -q package -DskipTests); OLD_REV: the commit whose scripts/lanescope.sh starts it. This build:
# target/lanescope.jar (built first when missing or older than the sources) and the scripts of this checkout.
# Prints each build's medians (wall s / CPU s), export / analyze and seconds per picture after the first
# ((batch of 20 - batch of 1) / 19), and the load average before and after. Figures: docs/bench/cli.md.
set -eu
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: scripts/bench-cli-ab.sh OLD.jar OLD_REV [ROUNDS]" >&2; exit 2; }
old_jar=$(readlink -f "$1")
old_rev=$2
rounds=${3:-7}
[ -x /usr/bin/time ] || { echo "bench-cli-ab: needs GNU time: sudo apt-get install time" >&2; exit 2; }
scripts/build-jar.sh
sample=$PWD/samples/hp-laptop-coffeelake-gtx1650-titanridge
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# each build in a folder of its own: its jar, its scripts, the sample its archive is trained on
for build in before after; do
    d=$work/$build
    mkdir -p "$d/target/javafx" "$d/samples"
    if [ "$build" = before ]; then
        git archive "$old_rev" scripts | tar -x -C "$d"
        cp "$old_jar" "$d/target/lanescope.jar"
    else
        cp -r scripts "$d/"
        cp target/lanescope.jar "$d/target/lanescope.jar"
    fi
    cp -r "$sample" "$d/samples/"
    sh "$d/scripts/lanescope.sh" --version >/dev/null # trains the archive (not measured)
done
mkdir "$work/batch"
batch20=()
for i in $(seq 20); do
    cp -r "$sample" "$work/batch/host$i"
    batch20+=("$work/batch/host$i")
done

echo "machine: $(nproc) cores, $(uname -r), $(java -version 2>&1 | head -n 1)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$rounds"); do
    for build in before after; do
        run=$work/$build/scripts/lanescope.sh
        for what in analyze export batch1 batch20; do
            rm -rf "$work/out"
            case $what in
                analyze) args=(analyze "$sample") ;;
                export) args=(export "$sample" --png "$work/x.png") ;;
                batch1) args=(export "$work/batch/host1" --png "$work/out/") ;;
                batch20) args=(export "${batch20[@]}" --png "$work/out/") ;;
            esac
            if ! /usr/bin/time -f "%e %U %S" -o "$work/time" sh "$run" "${args[@]}" >/dev/null 2>"$work/err"; then
                echo "bench-cli-ab: $build $what failed: $(head -n 3 "$work/err")" >&2
                exit 1
            fi
            read -r wall user sys <"$work/time"
            echo "$build $what $wall $(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}')" | tee -a "$work/results"
        done
    done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v rounds="$rounds" '
    { wall[$1 " " $2] = wall[$1 " " $2] " " $3; cpu[$1 " " $2] = cpu[$1 " " $2] " " $4 }
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    END {
        printf "median of %d rounds (wall s / cpu s):\n", rounds
        split("before after", builds, " ")
        for (b = 1; b <= 2; b++) {
            k = builds[b]
            for (w = 1; w <= 4; w++) {
                split("analyze export batch1 batch20", whats, " ")
                mw[k, whats[w]] = median(wall[k " " whats[w]]); mc[k, whats[w]] = median(cpu[k " " whats[w]])
            }
            printf "  %-6s analyze %.2f / %.2f, export --png %.2f / %.2f, batch of 1 %.2f / %.2f, batch of 20 %.2f / %.2f\n",
                k, mw[k, "analyze"], mc[k, "analyze"], mw[k, "export"], mc[k, "export"], mw[k, "batch1"], mc[k, "batch1"],
                mw[k, "batch20"], mc[k, "batch20"]
            printf "  %-6s export / analyze: wall %.2fx, cpu %.2fx; per picture after the first: wall %.3f s\n", k,
                mw[k, "export"] / mw[k, "analyze"], mc[k, "export"] / mc[k, "analyze"],
                (mw[k, "batch20"] - mw[k, "batch1"]) / 19
        }
    }' "$work/results"
