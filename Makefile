# tmm-tui — two commands for a new user:  make run   and   make test
SWIFT   ?= swift
PREFIX  ?= /usr/local
ARGS    ?=
BIN     := .build/release/tmm-tui
# The shipped build: one static executable (the Swift runtime, FoundationEssentials,
# ncurses, zlib, libstdc++ and libc linked in: nothing for the dynamic loader to
# find, map or relocate at start-up), symbols stripped; generic types' metadata is
# reached through accessors rather than mangled names, which the runtime would
# demangle and check by scanning every protocol conformance (-11% of the first
# frame's work). README "Performance" has the measurements and trade-offs.
#
# Linked by lld with each of our functions in its own section, in the order of
# docs/perf/tmm-tui.order (the functions the first frame and the screens run, `make order`
# writes it): the kernel maps a binary 64 KB at a time, so first-frame code scattered
# over the 12 MB text made 8.7 MB of it resident; side by side it is 2.6 MB (README,
# "Where the memory goes"). Unused functions also drop out (--gc-sections per function).
# Functions with no symbol to list (Swift's private helpers) go side by side before the
# text (docs/perf/private-functions.ld).
LINK    := -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
           -Xlinker --symbol-ordering-file=$(CURDIR)/docs/perf/tmm-tui.order -Xlinker --no-warn-symbol-ordering \
           -Xlinker -T -Xlinker $(CURDIR)/docs/perf/private-functions.ld
RELEASE := -c release -Xswiftc -static-executable $(LINK) -Xlinker -s \
           -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# The same build with symbols, for profiling (`make order`): only the link differs.
PROFILE := -c release -Xswiftc -static-executable $(LINK) \
           -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# The benchmarks link full Foundation (Process, the XML parser they compare with):
# built apart, so switching between them and the app never rebuilds either.
BENCH   := -c release --static-swift-stdlib --scratch-path .build-bench
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all run build test bench order install uninstall deps deps-test snapshots docs locales clean

all: build

## deps: make sure the C library headers (and tmux, for the end-to-end tests) are here.
deps:
	@if ! command -v $(SWIFT) >/dev/null 2>&1; then \
	  echo "error: Swift 6 is required (https://swift.org/install) and was not found on PATH." >&2; exit 1; fi
	@if ! printf '#define NCURSES_WIDECHAR 1\n#include <curses.h>\nint main(void){return 0;}\n' | cc -x c - -o /dev/null -lncursesw >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing libncurses-dev (ncursesw headers)…"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libncurses-dev pkg-config >/dev/null || exit 1; \
	  else \
	    echo "error: the ncursesw development files are missing. Install them with:" >&2; \
	    echo "    $(SUDO) apt-get install libncurses-dev pkg-config" >&2; exit 1; \
	  fi; \
	fi
	@if ! printf '#include <zlib.h>\nint main(void){return 0;}\n' | cc -x c - -o /dev/null -lz >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing zlib1g-dev (zlib headers, for importing Apple Health exports)…"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zlib1g-dev pkg-config >/dev/null || exit 1; \
	  else \
	    echo "error: the zlib development files are missing. Install them with:" >&2; \
	    echo "    $(SUDO) apt-get install zlib1g-dev pkg-config" >&2; exit 1; \
	  fi; \
	fi
	@if ! printf '#define NCURSES_WIDECHAR 1\n#include <curses.h>\n#include <zlib.h>\nint main(void){initscr();return zlibVersion()==0;}\n' \
	    | cc -x c - -static -o /dev/null -lncursesw -ltinfo -lz >/dev/null 2>&1 \
	    || [ ! -f "$$(cc -print-file-name=libstdc++.a)" ]; then \
	  pkgs="libc6-dev libncurses-dev zlib1g-dev libstdc++-$$(cc -dumpversion | cut -d. -f1)-dev"; \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing the static C libraries the single-file build links ($$pkgs)…"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$pkgs >/dev/null || exit 1; \
	  else \
	    echo "error: the static C libraries for the release build are missing. Install them with:" >&2; \
	    echo "    $(SUDO) apt-get install $$pkgs" >&2; exit 1; \
	  fi; \
	fi

deps-test: deps
	@if ! command -v tmux >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing tmux (the end-to-end tests drive the app in it)…"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null || exit 1; \
	  else \
	    echo "error: tmux is needed for the end-to-end tests. Install it with:  $(SUDO) apt-get install tmux" >&2; exit 1; \
	  fi; \
	fi

## build: the release binary.
# glibc warns at every static link that name-service look-ups (getpwuid…, which
# FoundationEssentials uses only when HOME is unset) load the system's NSS
# modules at run time; those known lines are left out, everything else shows.
STATIC_LINK_NOTES := in statically linked applications requires at runtime|the use of .mktemp. is dangerous
build: deps
	@echo "$(SWIFT) build $(RELEASE) --product tmm-tui"
	@bash -o pipefail -c '$(SWIFT) build $(RELEASE) --product tmm-tui 2>&1 | { grep -Ev "$(STATIC_LINK_NOTES)" || true; }'

## run: build and launch (pass flags with ARGS="--theme light").
run: build
	@$(BIN) $(ARGS)

## test: every test — unit, snapshot, reliability and end-to-end (tmux) — against the release binary.
# The end-to-end tests spend most of their time waiting for a real app in tmux:
# they run beside the in-process tests, each into its own log, printed whole
# when both are done (every failure and every skip with its reason), then a
# summary for a reader of the last lines (Tests/test-summary.sh). SwiftPM
# lets one `swift test` at a time use .build, so the end-to-end classes run
# from the built test bundle itself.
TESTS := .build/debug/tmm-tuiPackageTests.xctest
test: deps-test build
	$(SWIFT) build --build-tests
	@mkdir -p .build/test-logs; \
	e2e_classes=$$($(TESTS) --list-tests | grep '^EndToEndTests\.' | cut -d/ -f1 | sort -u | paste -sd, -); \
	[ -n "$$e2e_classes" ] || { echo "error: no end-to-end tests found in $(TESTS)" >&2; exit 1; }; \
	rm -f .build/test-logs/end-to-end.exit; start=$$(date +%s); \
	{ TMM_TUI_BIN=$(CURDIR)/$(BIN) $(TESTS) "$$e2e_classes" > .build/test-logs/end-to-end.log 2>&1; \
	  echo $$? $$(( $$(date +%s) - start )) > .build/test-logs/end-to-end.exit; } & e2e=$$!; \
	TMM_TUI_BIN=$(CURDIR)/$(BIN) $(SWIFT) test --skip-build --skip EndToEndTests > .build/test-logs/in-process.log 2>&1; unit=$$?; \
	unit_seconds=$$(( $$(date +%s) - start )); \
	wait $$e2e; read e2e e2e_seconds < .build/test-logs/end-to-end.exit; \
	cat .build/test-logs/in-process.log .build/test-logs/end-to-end.log; \
	bash Tests/test-summary.sh in-process=.build/test-logs/in-process.log:$$unit_seconds \
	  end-to-end=.build/test-logs/end-to-end.log:$$e2e_seconds; \
	echo "in-process tests: exit $$unit; end-to-end tests: exit $$e2e"; \
	[ $$unit -eq 0 ] && [ $$e2e -eq 0 ]

## snapshots: re-record the golden screen files after an intended UI change.
snapshots: deps
	RECORD_SNAPSHOTS=1 $(SWIFT) test --skip EndToEndTests

## bench: the performance benchmarks (release build); never part of make test.
bench: build
	$(SWIFT) build $(BENCH) --product tmm-bench
	.build-bench/release/tmm-bench --binary $(CURDIR)/$(BIN) $(ARGS)
	$(SWIFT) build $(BENCH) --product tmm-import-bench
	.build-bench/release/tmm-import-bench --pipeline

## locales: rewrite Platform's locale tables from ICU (full Foundation) — after a toolchain
## update, or to add a language to LocaleTableGenerator's list. The app never links ICU.
locales:
	$(SWIFT) build --product tmm-locale-gen
	.build/debug/tmm-locale-gen > Sources/Platform/Locale/LocaleTables.swift
	@git diff --stat -- Sources/Platform/Locale/LocaleTables.swift; echo "Sources/Platform/Locale/LocaleTables.swift written from ICU"

## order: rewrite docs/perf/tmm-tui.order from a profile of the first frame and of every screen
## (valgrind, script(1)); then `make build` links by it. Worth redoing after large changes.
order: deps
	$(SWIFT) build $(PROFILE) --product tmm-tui
	$(SWIFT) build $(BENCH) --product tmm-bench
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	cp $(BIN) "$$tmp/tmm-tui" && .build-bench/release/tmm-bench --fixtures "$$tmp/data" >/dev/null && \
	docs/perf/order.sh "$$tmp/tmm-tui" "$$tmp/data" > docs/perf/tmm-tui.order.new && \
	mv docs/perf/tmm-tui.order.new docs/perf/tmm-tui.order && echo "docs/perf/tmm-tui.order: $$(wc -l < docs/perf/tmm-tui.order) functions"
	$(MAKE) build

## docs: regenerate docs/screens/*.svg (every snapshot screen, dark and light, 100×30)
## and the recordings docs/tour.cast and docs/ux.cast, all at a fixed time and seed.
DOCS_NOW := 2026-11-22T15:30:00Z
DOCS_ENV := TZ=UTC LANG=C.UTF-8 LC_ALL= NO_COLOR=
docs: build
	@mkdir -p docs/screens
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	screens=$$($(BIN) snapshot --list); \
	test -n "$$screens" || { echo "error: could not list the snapshot screens" >&2; exit 1; }; \
	for theme in dark light; do for screen in $$screens; do \
	  $(DOCS_ENV) $(BIN) snapshot $$screen --size 100x30 --format svg --theme $$theme --now $(DOCS_NOW) \
	    --data-dir "$$tmp/$$theme-$$screen" > docs/screens/$$screen-$$theme.svg || exit 1; \
	done; done; echo "docs/screens: $$(ls docs/screens | wc -l) SVG files"
	$(DOCS_ENV) $(BIN) demo --record docs/tour.cast --now $(DOCS_NOW)
	$(DOCS_ENV) $(BIN) demo --ux --record docs/ux.cast --now $(DOCS_NOW)

## install: put tmm-tui in $(PREFIX)/bin, the example themes in $(PREFIX)/share/tmm-tui, the
## bash/zsh/fish completions where each shell looks, and the man page tmm-tui.1 (all made from
## the option table --help is printed from).
install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/tmm-tui/themes $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/tmm-tui
	install -m 644 Themes/*.json $(DESTDIR)$(PREFIX)/share/tmm-tui/themes/
	$(BIN) completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/tmm-tui
	$(BIN) completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tmm-tui
	$(BIN) completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tmm-tui.fish
	$(BIN) completions man > $(DESTDIR)$(PREFIX)/share/man/man1/tmm-tui.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tmm-tui $(DESTDIR)$(PREFIX)/share/man/man1/tmm-tui.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/tmm-tui $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tmm-tui \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tmm-tui.fish
	rm -rf $(DESTDIR)$(PREFIX)/share/tmm-tui

clean:
	$(SWIFT) package clean
	rm -rf .build .build-bench
