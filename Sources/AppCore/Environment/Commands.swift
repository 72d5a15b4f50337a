import FoundationEssentials
import Glibc
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The subcommands that run without the full-screen UI.
public enum Commands {
    /// `tmm-tui stats`: daily values (the imported ones after `tmm-tui import`), with the naive sums beside them.
    public static func stats(_ env: AppEnvironment, _ request: StatsRequest) async -> (stdout: String, stderr: String, code: Int32) {
        let cal = env.context.calendar
        let now = env.now()
        let today = DayKey(now, calendar: cal)
        let (first, asked) = statsRange(request, today: today, imported: (env.provider as? ImportedHealthProvider)?.data().dayRange, calendar: cal)
        let json = request.json
        // Days that have not come yet have no values (not zeros): the rows stop at today, and
        // today is read as on screen, with the live samples, whatever the range's end.
        let last = min(asked, today)
        guard first <= last else {
            return (json ? StatsRows.json([]) : StatsRows.table([]), "tmm-tui: note: no day from \(first) to \(asked) has come yet.\n", 0)
        }
        do {
            try await authorizeUndetermined(env)
            let result = try await env.repository.refresh(from: first, through: last, now: now,
                                                          live: last == today ? env.live?.samples : nil,
                                                          also: StatsRows.extraTypes, sleep: true)
            var err = result.saveError.map { "tmm-tui: warning: the cache could not be saved: \($0)\n" } ?? ""
            if asked > last { err += "tmm-tui: note: the days after today (\(last.adding(days: 1)) to \(asked)) have not come yet: no rows.\n" }
            if result.snapshot.energy == nil { err += "tmm-tui: note: Active Energy access is not allowed; its columns are empty.\n" }
            // Every day's scores and the values they read, from the service the Scores screen uses.
            // The plain table prints them too (it left the scores and meals out: a number `--json` had and it did not).
            let cards = try? await env.service(ScoresMetrics.self).cards(from: first, through: last, calendar: cal)
            let rows = StatsRows.rows(result.snapshot, days: DayKey.days(from: first, through: last, calendar: cal), cards: cards,
                                      meals: env.mealsIfRead, calendar: cal)
            let out = json ? StatsRows.json(rows) : StatsRows.table(rows)
            return (out, err, 0)
        } catch let e as HealthError {
            return ("", "tmm-tui: \(e.description)\n", e == .unavailable ? 3 : (e == .timeout ? 4 : (isDenied(e) ? 5 : 1)))
        } catch {
            return ("", "tmm-tui: \(error)\n", 1)
        }
    }

    /// The days `stats` prints: `--from`/`--to` (either alone runs to today or back `--days`),
    /// `--all` (every imported day; a year of the mock), else the last `--days` days.
    static func statsRange(_ request: StatsRequest, today: DayKey, imported: ClosedRange<DayKey>?,
                           calendar: LocalCalendar) -> (DayKey, DayKey) {
        var first: DayKey, last: DayKey
        if request.all {
            if let imported { (first, last) = (imported.lowerBound, imported.upperBound) } else { (first, last) = (today.adding(days: -364), today) }
        } else if request.from != nil || request.to != nil {
            last = request.to ?? max(today, request.from ?? today)
            first = request.from ?? last.adding(days: -(request.days - 1))
        } else {
            last = today
            first = today.adding(days: -(request.days - 1))
        }
        if first > last { first = last }
        let earliest = last.adding(days: -(DailyStatistics.maxDays - 1))
        return (max(first, earliest), last)
    }

    /// Running a command is the consent the permission sheet asks for; a
    /// scenario that denies access still denies it.
    static func authorizeUndetermined(_ env: AppEnvironment) async throws {
        var undetermined: Set<QuantityType> = []
        for t in OnboardingViewModel.requestedTypes where await env.provider.authorizationStatus(for: t) == .notDetermined {
            undetermined.insert(t)
        }
        if !undetermined.isEmpty {
            _ = try await env.provider.requestAuthorization(toRead: undetermined, userResponse: undetermined)
        }
        await HealthMetricDataService.authorizeScoreTypes(env.provider)
    }

    private static func isDenied(_ e: HealthError) -> Bool {
        if case .notAuthorized = e { return true }
        return false
    }

    /// The JSON `stats --json` prints for a snapshot (and the scored day's scores).
    static func statsJSON(_ s: HealthSnapshot, scores: DailyScoreCards? = nil) -> String {
        StatsRows.json(StatsRows.rows(s, cards: scores.map { [$0] }))
    }

    /// `tmm-tui snapshot SCREEN --size WxH [--format svg]`: text with trailing blanks trimmed, or an SVG.
    public static func snapshotOutput(_ env: AppEnvironment, _ request: SnapshotRequest) async -> String {
        let buffer = await snapshot(env, screen: request.screen, size: request.size)
        switch request.format {
        case .svg:
            return SVGRenderer().render(buffer)
        case .text:
            let lines = (env.context.glyphs == .ascii ? asciiLines(buffer) : buffer.lines).map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// The rows as a terminal without a UTF-8 locale shows them: the same ASCII the curses backend writes.
    static func asciiLines(_ buffer: Buffer) -> [String] {
        (0..<buffer.size.height).map { y in
            var line = ""
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                if !cell.isContinuation { line += ASCIIFallback.text(for: cell.symbol, width: Int(cell.width)) }
            }
            return line
        }
    }

    /// `tmm-tui snapshot SCREEN`: the screen as it would be drawn. The feature
    /// that owns the name sets its state up; `help` is Today with help open.
    public static func snapshot(_ env: AppEnvironment, screen: String, size: Size) async -> Buffer {
        var model = env.makeModel(size: size)
        model.shared.toast = nil
        let now = env.now()
        model.shared.now = now
        let owner = FeatureRegistry.feature(forSnapshot: screen) ?? TodayViewModel.self
        model.shared.route = owner.id
        await owner.prepareSnapshot(screen, &model, env)
        if screen == "help" { model.showHelp = true }
        // A still picture: every animation at rest, as with --reduce-motion.
        var ctx = env.context.applying(model.shared.settings)
        ctx.reduceMotion = true
        return AppView.render(model, ctx, now: now)
    }
}
