#!/usr/bin/env bash
# Shows that two builds of durabench render the committed runs' reports byte for byte the same.
#
#   scripts/reports-identical.sh [--results DIR] [--keep] OLD NEW
#
# OLD and NEW are each a jar (target/benchmarks.jar) or a git revision, which is built in a temporary
# worktree (git worktree add --detach, mvn -q -B package -DskipTests) removed on exit. Every committed
# run folder under DIR (default: this checkout's results/) is rendered by both: each folder holding
# run.json or hosts.json at any depth, and each top-level folder of DIR. Per folder: `report --format
# text` (stdout, stderr, exit code) and `report --out` (report.md, report.json, report.html,
# report-KIND.csv per table, the charts; and its stdout, stderr, exit code). A folder report refuses
# is compared too (its message and exit code). Exit 0 when every file is identical, 1 naming the
# first differing one, 2 on a usage or build error.
#
# What depends on the environment, and how it is handled (nothing is rewritten after rendering):
# - Both jars run in one JVM, each in a class loader of its own, one command after the other. The JDK
#   randomises the iteration order of Map.of/Map.copyOf maps per JVM (a salt taken at start-up), and
#   the lock-step tables list a cell's parameters in that order (LockStepFile.CellRecord's params):
#   two JVMs running the same jar can print "8192 B, 1 write per sync, prealloc NONE" in one and
#   "prealloc NONE, 1 write per sync, 8192 B" in the other. One JVM gives both jars the same salt.
# - The run folders are passed as absolute paths, the same folder to both builds; both write --out to
#   the same absolute folder (moved aside after each command), so report's "wrote PATH" lines match.
# - JDK, locale, time zone and fonts (the charts) are this machine's, the same for both.
set -euo pipefail

usage() { sed -n '4p' "$0" | sed 's/^# *//' >&2; exit 2; }
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
results="$repo/results"
keep=0
args=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --results) results="$(cd "$2" && pwd)"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) usage ;;
    -*) echo "reports-identical: unknown option $1" >&2; usage ;;
    *) args+=("$1"); shift ;;
  esac
done
[[ ${#args[@]} -eq 2 ]] || usage

work=$(mktemp -d "${TMPDIR:-/tmp}/reports-identical.XXXXXX")
worktrees=()
cleanup() {
  for wt in "${worktrees[@]}"; do git -C "$repo" worktree remove --force "$wt" >/dev/null 2>&1 || true; done
  if [[ $keep -eq 0 ]]; then rm -rf "$work"; else echo "reports-identical: kept $work" >&2; fi
}
trap cleanup EXIT

# A jar as given, or the shaded jar built from a revision in a worktree of its own.
jar_of() {
  local what=$1 side=$2
  if [[ -f $what ]]; then (cd "$(dirname "$what")" && echo "$(pwd)/$(basename "$what")"); return; fi
  local rev
  rev=$(git -C "$repo" rev-parse --verify --quiet "$what^{commit}") || { echo "reports-identical: $what is neither a jar nor a revision" >&2; exit 2; }
  local wt="$work/build-$side"
  git -C "$repo" worktree add --detach "$wt" "$rev" >/dev/null 2>&1
  worktrees+=("$wt")
  echo "reports-identical: building $what ($rev) in $wt" >&2
  if ! (cd "$wt" && mvn -q -B package -DskipTests) >"$work/build-$side.log" 2>&1; then
    cat "$work/build-$side.log" >&2; echo "reports-identical: the build of $what failed" >&2; exit 2
  fi
  echo "$wt/target/benchmarks.jar"
}

# Not in a command substitution (a subshell): the worktrees it adds must reach cleanup.
jar_of "${args[0]}" old >"$work/old.jar"
jar_of "${args[1]}" new >"$work/new.jar"
old_jar=$(cat "$work/old.jar")
new_jar=$(cat "$work/new.jar")

# The committed run folders, as paths under $results.
folders=$(cd "$results" && { git ls-files -- . | grep -E '(^|/)(run|hosts)\.json$' | xargs -r -n1 dirname; git ls-files -- . | awk -F/ 'NF>1{print $1}'; } | grep -v '^\.$' | sort -u)
[[ -n $folders ]] || { echo "reports-identical: no committed run folder under $results" >&2; exit 2; }

# One line per command, tab-separated: the name of its outputs, the --out folder (relative to $work;
# empty for none), then report's arguments.
commands="$work/commands.tsv"
while IFS= read -r f; do
  key=${f//\//__}
  printf '%s\t\t%s\t%s\t%s\n' "$key/text" report "$results/$f" --format=text
  printf '%s\t%s\t%s\t%s\t%s\n' "$key/out" "out/$key" report "$results/$f" "--out=$work/out/$key"
done <<<"$folders" >"$commands"

cat >"$work/Render.java" <<'JAVA'
import java.io.*;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.Arrays;

/**
 * Renders each line of a commands file with both jars, each in a class loader of its own, in this one
 * JVM (one salt for Map.of's order): stdout, stderr and exit code to files, --out's folder moved beside them.
 */
public class Render {
    public static void main(String[] a) throws Exception {
        String[] sides = {"old", "new"};
        ClassLoader[] loaders = {loader(a[1]), loader(a[2])};
        PrintStream out = System.out, err = System.err;
        for (String line : Files.readAllLines(Path.of(a[0]), StandardCharsets.UTF_8)) {
            String[] f = line.split("\t");
            String[] args = Arrays.copyOfRange(f, 2, f.length);
            for (int s = 0; s < 2; s++) {
                Path base = Path.of(sides[s], "rendered", f[0]);
                Files.createDirectories(base.getParent());
                int rc;
                try (PrintStream o = new PrintStream(new FileOutputStream(base + ".stdout"), true, StandardCharsets.UTF_8);
                     PrintStream e = new PrintStream(new FileOutputStream(base + ".stderr"), true, StandardCharsets.UTF_8)) {
                    System.setOut(o);
                    System.setErr(e);
                    Thread.currentThread().setContextClassLoader(loaders[s]);
                    try {
                        Object cl = loaders[s].loadClass("io.durabench.cli.DurabenchMain").getMethod("commandLine").invoke(null);
                        Method setOut = cl.getClass().getMethod("setOut", PrintWriter.class);
                        Method setErr = cl.getClass().getMethod("setErr", PrintWriter.class);
                        setOut.invoke(cl, new PrintWriter(new OutputStreamWriter(o, StandardCharsets.UTF_8), true));
                        setErr.invoke(cl, new PrintWriter(new OutputStreamWriter(e, StandardCharsets.UTF_8), true));
                        rc = (Integer) cl.getClass().getMethod("execute", String[].class).invoke(cl, (Object) args);
                    } finally {
                        System.setOut(out);
                        System.setErr(err);
                    }
                }
                Files.writeString(Path.of(base + ".rc"), rc + "\n");
                if (!f[1].isEmpty() && Files.exists(Path.of(f[1]))) {
                    Path to = Path.of(sides[s], f[1]);
                    Files.createDirectories(to.getParent());
                    Files.move(Path.of(f[1]), to);
                }
            }
        }
    }

    private static ClassLoader loader(String jar) throws Exception {
        return new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    }
}
JAVA

n=$(wc -l <<<"$folders")
echo "reports-identical: rendering $n run folders with $old_jar and $new_jar" >&2
mkdir -p "$work/classes"
javac -nowarn -d "$work/classes" "$work/Render.java"
(cd "$work" && java -Djava.awt.headless=true -cp "$work/classes" Render "$commands" "$old_jar" "$new_jar")

accepted=$(grep -lx 0 "$work"/old/rendered/*/text.rc | wc -l)
first=$(cd "$work" && diff -rq old new 2>&1 | sort | head -1 || true)
if [[ -n $first ]]; then
  echo "reports-identical: DIFFERENT; first: $first" >&2
  (cd "$work" && diff -rq old new 2>&1 | sort | head -20) >&2
  keep=1
  exit 1
fi
files=$(find "$work/old" -type f | wc -l)
echo "reports-identical: identical: $files files from $n run folders ($accepted that report accepts, the rest refused alike)"
