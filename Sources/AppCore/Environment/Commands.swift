import Foundation
import DesignSystem
import HealthDomain
import TerminalUI

/// The subcommands that run without the full-screen UI.
public enum Commands {
    /// `tmm-tui stats`: the dashboard's daily totals, with the naive sums beside them.
    public static func stats(_ env: AppEnvironment, _ request: StatsRequest) async -> (stdout: String, stderr: String, code: Int32) {
        let cal = env.context.calendar
        let now = env.now()
        let today = DayKey(now, calendar: cal)
        let first = today.adding(days: -(request.days - 1), calendar: cal)
        let json = request.json
        do {
            try await authorizeUndetermined(env)
            let result = try await env.repository.refresh(from: first, through: today, now: now, live: env.live?.samples)
            var err = result.saveError.map { "tmm-tui: warning: the cache could not be saved: \($0)\n" } ?? ""
            if result.snapshot.energy == nil { err += "tmm-tui: note: Active Energy access is not allowed; its columns are empty.\n" }
            let scores = json ? try? await env.metrics.scores(for: today, calendar: cal) : nil
            let out = json ? statsJSON(result.snapshot, scores: scores) : statsTable(result.snapshot)
            return (out, err, 0)
        } catch let e as HealthError {
            return ("", "tmm-tui: \(e.description)\n", e == .unavailable ? 3 : (e == .timeout ? 4 : (isDenied(e) ? 5 : 1)))
        } catch {
            return ("", "tmm-tui: \(error)\n", 1)
        }
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
    }

    private static func isDenied(_ e: HealthError) -> Bool {
        if case .notAuthorized = e { return true }
        return false
    }

    static func statsTable(_ s: HealthSnapshot) -> String {
        let header = ["date", "steps", "naive_steps", "active_kcal", "naive_kcal"]
        var rows: [[String]] = []
        for (i, d) in s.steps.enumerated() {
            let e = s.energy.flatMap { $0.indices.contains(i) ? $0[i] : nil }
            rows.append([d.day.description, String(Int(d.value.rounded())), String(Int(d.naiveSum.rounded())),
                         e.map { String(Int($0.value.rounded())) } ?? "-", e.map { String(Int($0.naiveSum.rounded())) } ?? "-"])
        }
        let widths = header.indices.map { c in ([header[c]] + rows.map { $0[c] }).map(\.count).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { c, v in c == 0 ? v.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[c] - v.count) + v }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// `scores`: the day's sleep, recovery and strain, added to that day's row (null when a score is unavailable).
    static func statsJSON(_ s: HealthSnapshot, scores: DailyScoreCards? = nil) -> String {
        struct Row: Encodable {
            var date: String
            var steps: Int
            var naiveSteps: Int
            var activeKcal: Int?
            var naiveKcal: Int?
            var scores: DailyScoreCards?

            enum Key: String, CodingKey { case date, steps, naiveSteps, activeKcal, naiveKcal, sleepScore, recoveryScore, strainScore }
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                try c.encode(date, forKey: .date)
                try c.encode(steps, forKey: .steps)
                try c.encode(naiveSteps, forKey: .naiveSteps)
                try c.encodeIfPresent(activeKcal, forKey: .activeKcal)
                try c.encodeIfPresent(naiveKcal, forKey: .naiveKcal)
                if let scores {
                    try c.encode(scores.sleep.score, forKey: .sleepScore)
                    try c.encode(scores.recovery.score, forKey: .recoveryScore)
                    try c.encode(scores.strain.score, forKey: .strainScore)
                }
            }
        }
        let rows = s.steps.enumerated().map { i, d -> Row in
            let e = s.energy.flatMap { $0.indices.contains(i) ? $0[i] : nil }
            return Row(date: d.day.description, steps: Int(d.value.rounded()), naiveSteps: Int(d.naiveSum.rounded()),
                       activeKcal: e.map { Int($0.value.rounded()) }, naiveKcal: e.map { Int($0.naiveSum.rounded()) },
                       scores: scores?.day == d.day ? scores : nil)
        }
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (String(data: (try? enc.encode(rows)) ?? Data("[]".utf8), encoding: .utf8) ?? "[]") + "\n"
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
        let owner = FeatureRegistry.feature(forSnapshot: screen) ?? DashboardViewModel.self
        model.shared.route = owner.id
        await owner.prepareSnapshot(screen, &model, env)
        if screen == "help" { model.showHelp = true }
        return AppView.render(model, env.context, now: now)
    }
}
