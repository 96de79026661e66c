#!/usr/bin/env bash
# html-screenshot.sh — what a reader sees first: a screenshot of a report.html at 1280x800.
#
# Opens the page in headless Chromium (Debian: apt-get install -y chromium), as the browser test
# (ReportHtmlIT) does, with no network and a throw-away profile, and saves the first screen as PNG.
#
# Usage:
#   scripts/html-screenshot.sh REPORT.html OUT.png [WIDTHxHEIGHT]
# Example:
#   ./durabench report results/reference-standard --format html > /tmp/report.html
#   scripts/html-screenshot.sh /tmp/report.html /tmp/report-first-screen.png
set -euo pipefail

if (($# < 2)); then
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
html=$1
png=$2
size=${3:-1280x800}
[[ -f $html ]] || { echo "html-screenshot.sh: $html: no such file" >&2; exit 2; }
[[ $size =~ ^[0-9]+x[0-9]+$ ]] || { echo "html-screenshot.sh: size $size: use WIDTHxHEIGHT, e.g. 1280x800" >&2; exit 2; }

browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null; then browser=$b; break; fi
done
[[ -n $browser ]] || { echo "html-screenshot.sh: no chromium on PATH: apt-get install -y chromium" >&2; exit 2; }

profile=$(mktemp -d -t durabench-screenshot-XXXXXX)
trap 'rm -rf "$profile"' EXIT
url="file://$(realpath "$html")"
out=$(realpath -m "$png")
# --no-sandbox: root (CI) cannot use Chromium's sandbox; the page is our own file.
"$browser" --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars \
  --no-first-run --no-default-browser-check --disable-extensions --disable-background-networking \
  --user-data-dir="$profile" --window-size="${size/x/,}" --screenshot="$out" "$url" >/dev/null 2>&1
[[ -s $out ]] || { echo "html-screenshot.sh: $browser wrote no screenshot to $out" >&2; exit 1; }
echo "wrote $out ($size, first screen of $html)"
