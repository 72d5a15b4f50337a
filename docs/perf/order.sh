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
      valgrind --tool=callgrind --demangle=no --callgrind-out-file=$1 $bin --data-dir $data $3" /dev/null >/dev/null
}
# Functions named in a callgrind profile (fn= callers, cfn= callees), first appearance order.
names() { sed -n 's/^c\{0,1\}fn=([0-9]*) \(.*\)$/\1/p' "$1" | awk '!seen[$0]++'; }

# The first frame as `make bench` measures it (motion on, as a user has it).
run "$tmp/first" "TMM_TUI_EXIT_AFTER_FIRST_FRAME=1" "" </dev/null
# Live updates arriving, every tab, help, the palette, the meal sheet, then quit; valgrind is
# slow, so each key waits. Twice: with motion (the bench's tour: the animations, the ticks
# of each screen, the reads a screen starts when first shown) and with --reduce-motion (its
# still forms). A function the tour runs that no profile names is placed after all the
# listed ones, in a 64 KB stretch of its own: 1.6 MB of the tour's 7 MB of code was such
# stretches before the second run was added.
{ sleep 8; for k in 2 3 4 5 6 7 1 '?' '\033' ':' '\033' 2 n '\033' 1 c '[' ']' q; do printf "$k"; sleep 3; done; } | run "$tmp/keys" "" ""
{ sleep 8; for k in 2 3 4 5 6 7 1 '?' '\033' ':' '\033' 2 n '\033' 1 c '[' ']' q; do printf "$k"; sleep 2; done; } | run "$tmp/still" "" "--reduce-motion"
# glibc picks its string functions for the CPU at start-up (IFUNC), and valgrind's CPU has no
# AVX-512: the profiles name the AVX2 variants where a machine with AVX-512 runs the EVEX ones.
# Each listed variant brings the EVEX and AVX-512 variants of its function after it (the
# unlisted ones filled 4 stretches at the end of the text: 256 KB for a few hundred bytes run).
nm --defined-only "$bin" | awk '{print $3}' | grep -E '^__[a-z0-9_]+_(evex|avx512)' > "$tmp/variants"
{ names "$tmp/first"; names "$tmp/keys"; names "$tmp/still"; } | grep -v '^0x' | awk -v variants="$tmp/variants" '
    BEGIN { while ((getline v < variants) > 0) all[++n] = v }
    { print }
    match($0, /^__[a-z0-9]+(_l|_chk)?_(sse|ssse3|avx|evex|erms)/) {
        base = substr($0, 1, RLENGTH); sub(/_(sse|ssse3|avx|evex|erms)$/, "_", base)
        for (i = 1; i <= n; i++) if (index(all[i], base "evex") == 1 || index(all[i], base "avx512") == 1) print all[i]
    }' | awk '!seen[$0]++'
