import AppCore
import HealthDomain
import Platform
import CursesBackend
import FoundationEssentials
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String, code: Int32) -> Never {
    printText("tmm-tui: \(message)\n", to: .error)
    exit(code)
}

/// Text a command prints that may quote a file (names, paths, messages): no control byte reaches the terminal.
func printSafely(_ text: String, to stream: StandardStream) {
    stream.write(TerminalSafeText.clean(text, keepingLineBreaks: true))
}

/// Words for people (not JSON): cleaned as `printSafely`, and in ASCII without a UTF-8 locale.
func printText(_ text: String, to stream: StandardStream) {
    let clean = TerminalSafeText.clean(text, keepingLineBreaks: true)
    stream.write(asciiOnly ? ASCIIFallback.plain(clean, keepingWidths: false) : clean)
}

/// What a command that only reads found damaged, and what it did about it (nothing: it only reads).
func reportNotices(_ env: AppEnvironment) {
    for notice in env.notices { printText("tmm-tui: \(notice)\n", to: .error) }
}

#if canImport(Glibc)
// One malloc arena for the whole process. glibc gives each thread that allocates an arena
// of its own (the storage queue, the work tasks, the live feed: four here), each keeping
// the pages it touched: 1.0–1.6 MB of the 13–14 MB after a tour of the screens
// (README, "Where the memory goes"). The threads rarely allocate at the same time.
_ = glibcMallopt(-8 /* M_ARENA_MAX, <malloc.h>: not in the Glibc module */, 1)
// A fixed mmap threshold. Left to itself, glibc raises it to the size of each mapped block
// freed (a 180 KB one at launch, a 268 KB one on the first tab switch) and its trim threshold to
// twice that, so the top of the heap is never given back: 0.4–0.5 MB more heap after a tour of
// the screens, and the tour's end is the app's peak (README, "Where the memory goes"). Blocks
// below 512 KB stay in the heap, as they did once raised: none is mapped and faulted in per key.
_ = glibcMallopt(-3 /* M_MMAP_THRESHOLD */, 512 * 1024)
@_silgen_name("mallopt") func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
let environment = ProcessEnvironment.variables()
/// Without a UTF-8 locale (LANG=C) the words a command prints for people are in ASCII, as the app
/// and `glance` draw them ("0-150,000", "..."); JSON stays UTF-8, as its readers expect.
let asciiOnly = !TerminalEnvironment.localeIsUTF8(environment)

if environment["TMM_TUI_TRACE_STARTUP"] == "1" { StartupTrace.enable() }
StartupTrace.mark("main")

let command: Command
switch CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()), environment: environment) {
case .failure(let error):
    fail("\(error.message)\nTry 'tmm-tui --help' for usage.", code: 2)
case .success(let c):
    command = c
}

switch command {
case .help:
    printText(CommandLineParser.usage + "\n", to: .output)

case .version:
    print("tmm-tui \(CommandLineParser.version)")

case .stats(let options, let request):
    // Commands that only show cannot write by any route, not just through the stores they open read-only.
    WriteAccess.forbid()
    let env = AppEnvironment(options: options, environment: environment)
    let result = await Commands.stats(env, request)
    if request.json { printSafely(result.stdout, to: .output) } else { printText(result.stdout, to: .output) }
    reportNotices(env)
    printText(result.stderr, to: .error)
    exit(result.code)

case .snapshot(let options, let request):
    WriteAccess.forbid()
    let opts = options
    // Drawn as the app would draw in this environment: ASCII cells without a UTF-8 locale.
    let env = AppEnvironment(options: opts, environment: environment, unicode: CursesTerminal.setUpLocale())
    // The snapshot's own text went through the Buffer, which never holds a control byte;
    // `--format ansi` adds escape sequences of our own.
    StandardStream.output.write(await Commands.snapshotOutput(env, request))
    reportNotices(env)

case .glance(let options, let request):
    WriteAccess.forbid()
    // Read-only like stats; drawn in ASCII without a UTF-8 locale (LANG=C). Nothing here
    // awaits: the main thread runs it to exit, never parking in the task executor (GlanceSource).
    let source = GlanceSource(options: options, environment: environment, unicode: CursesTerminal.setUpLocale(), cards: request.card != nil)
    let terminal = isatty(STDOUT_FILENO) == 1
    var columns: Int? = Int(environment["COLUMNS"] ?? "")
    if terminal {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { columns = Int(size.ws_col) }
    }
    let result = Commands.glance(source, request, terminal: terminal, columns: columns, environment: environment)
    StandardStream.output.write(result.stdout)
    // A damaged file is said on stderr, as stats says it; the line still prints (a status bar reads stdout).
    for notice in source.notices { printText("tmm-tui: \(notice)\n", to: .error) }
    exit(result.code)

case .completions(let shell):
    StandardStream.output.write(CompletionScript.script(shell))

case .manPage:
    StandardStream.output.write(ManPage.render())

case .listSnapshotScreens:
    print(CommandLineParser.snapshotScreens.joined(separator: "\n"))

case .importExport(let options, let request):
    let env = AppEnvironment(options: options, environment: environment)
    exit(await Commands.importExport(env, request))

case .sync(let options, let json):
    let env = AppEnvironment(options: options, environment: environment)
    let result = await Commands.sync(env, json: json, progress: { printText($0, to: .error) })
    if json { printSafely(result.stdout, to: .output) } else { printText(result.stdout, to: .output) }
    printText(result.stderr, to: .error)
    exit(result.code)

case .checkTasks(let path):
    WriteAccess.forbid()
    let result = Commands.checkTasks(path: path, environment: environment)
    printText(result.stdout, to: .output)
    printText(result.stderr, to: .error)
    exit(result.code)

case .demo(let options, let request):
    exit(await Commands.demo(options, request, environment: environment))

case .run(let options):
    let interactive = isatty(STDIN_FILENO) == 1
    if options.reset {
        // For scripts too: `--reset --yes` needs no terminal.
        guard options.assumeYes || interactive else {
            fail("--reset asks for confirmation; without a terminal add --yes", code: 2)
        }
        if !options.assumeYes {
            print("Reset tmm-tui? Onboarding, goals and the theme choice are forgotten; meals are kept. [y/N] ", terminator: "")
            fflush(nil)
            let answer = readLine()?.trimmed().lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                print("Nothing was reset.")
                exit(0)
            }
        }
        let resetEnv = AppEnvironment(options: options, environment: environment)
        if let error = resetEnv.resetSettings() { fail("could not reset: \(error.message)", code: 1) }
        resetEnv.storage.flush()
        print("Settings reset; meals kept.")
        if !interactive { exit(0) }
    }
    if let problem = CursesTerminal.preflight(environment: environment) { fail(problem, code: 2) }
    let unicode = CursesTerminal.setUpLocale()
    let env = AppEnvironment(options: options, environment: environment, unicode: unicode)
    StartupTrace.mark("environment: settings, strings, theme, provider")
    let terminal: CursesTerminal
    do {
        terminal = try CursesTerminal(environment: environment, useColor: (environment["NO_COLOR"] ?? "").isEmpty, asciiOnly: !unicode,
                                      mouse: options.mouse)
    } catch {
        fail("\(error)", code: 2)
    }
    StartupTrace.mark("curses terminal")
    let runtime = AppRuntime(env: env, device: terminal, wake: CursesTerminal.wake)
    StartupTrace.mark("model with cached numbers")
    runtime.exitAfterFirstFrame = environment["TMM_TUI_EXIT_AFTER_FIRST_FRAME"] == "1"
    let code = runtime.run()
    terminal.shutdown()
    reportNotices(env)
    exit(code)
}
