#!/usr/bin/env bash
# make test prints its two logs whole, then this: the few lines a reader of the
# log's end (a CI page shows only its last lines) needs to know what went wrong —
# each failure with its message, a test that started and never finished (a crash
# or a hang), and the slowest tests with the time each part took.
# Usage: test-summary.sh NAME=LOG:SECONDS ...
set -u
for part in "$@"; do
  name=${part%%=*}; rest=${part#*=}; log=${rest%:*}; seconds=${rest##*:}
  [ -f "$log" ] || { echo "$name: no log at $log"; continue; }
  echo "── $name tests: ${seconds} s"
  # XCTest: "File.swift:12: error: Class.test : message" and "Test Case '…' failed";
  # Swift Testing: "✘ Test … recorded an issue …"; a crashed runner: "error: Exited with …".
  grep -aE ": error: |^error: |Test Case '[^']*' failed|✘ Test [^ ]+ (recorded|failed)|Fatal error|signal code" "$log" \
    | cut -c1-400 | head -30 | sed 's/^/   /'
  # A test that started and has no end line stopped the runner.
  awk '
    /^Test Case .* started/ { split($0, q, "\047"); open[q[2]] = 1 }
    /^Test Case .* (passed|failed|skipped)/ { split($0, q, "\047"); delete open[q[2]] }
    END { for (t in open) print "   started and never finished: " t }
  ' "$log"
  # The slowest tests, to tell a slow machine from a stuck test.
  { sed -nE "s/^Test Case '([^']*)' (passed|failed|skipped) \(([0-9.]+) seconds\).*/\3 \1/p" "$log"
    sed -nE 's/^.*Test ([^ ]+) (passed|failed) after ([0-9.]+) seconds.*/\3 \1/p' "$log" | grep -v '^[0-9.]* run$'
  } | sort -rn | head -3 | awk '{ printf "   slowest: %s (%.1f s)\n", $2, $1 }'
done
