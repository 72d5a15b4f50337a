#!/bin/sh
# Writes docs/perf/tmm-tui.order: the functions tmm-tui runs for its first frame, then
# those it runs on every screen (tabs, help, palette, the meal sheet), in that order.
# The release link (`make build`) hands the file to lld (--symbol-ordering-file),
# which places those functions side by side: the kernel maps a binary's pages 64 KB
# at a time, so code spread over the whole 12 MB text costs resident memory for
# every 64 KB window it touches (README, "Where the memory goes").
#
# Usage: docs/perf/order.sh UNSTRIPPED_BINARY DATA_DIR > docs/perf/tmm-tui.order
#   (`make order` builds the binary with symbols and the 10-year data set, then runs this.)
# Needs valgrind and script(1). Names that later disappear from the code are ignored by
# the linker; regenerate after large changes.
set -eu
bin=$1 data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { # $1: output file, $2: extra env, $3: extra options, stdin: keys
    script -qec "stty cols 200 rows 60; env -i TERM=xterm-256color LANG=C.UTF-8 TZ=Europe/Paris HOME=$tmp PATH=/usr/bin:/bin $2 \
      valgrind --tool=callgrind --demangle=no --callgrind-out-file=$1 $bin --data-dir $data --reduce-motion $3" /dev/null >/dev/null
}
# Functions named in a callgrind profile (fn= callers, cfn= callees), first appearance order.
names() { sed -n 's/^c\{0,1\}fn=([0-9]*) \(.*\)$/\1/p' "$1" | awk '!seen[$0]++'; }

run "$tmp/first" "TMM_TUI_EXIT_AFTER_FIRST_FRAME=1" "" </dev/null
# Live updates arriving, every tab, help, the palette, the meal sheet, then quit; valgrind is
# slow, so each key waits.
{ sleep 8; for k in 2 3 4 5 6 7 1 '?' '\033' ':' '\033' 2 n '\033' 1 c '[' ']' q; do printf "$k"; sleep 2; done; } | run "$tmp/keys" "" ""
{ names "$tmp/first"; names "$tmp/keys"; } | awk '!seen[$0]++' | grep -v '^0x'
