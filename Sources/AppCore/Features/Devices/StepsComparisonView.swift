import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The band's step count beside the merged total Today shows for the same day,
/// with an honest note: the band's total is not merged into the interval statistics.
enum StepsComparisonView {
    enum Verdict: Equatable {
        case notLoaded, agree, differ(by: Int)
    }

    /// How the band's count compares with the merged total (nil: not loaded).
    static func verdict(band: Int, merged: Double?) -> Verdict {
        guard let merged, merged.isFinite else { return .notLoaded }
        let difference = Int(min(1e9, abs(Double(band) - merged.rounded())))
        return difference == 0 ? .agree : .differ(by: difference)
    }

    static func render(_ vm: DevicesViewModel, _ sync: LastSync, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let cal = ctx.calendar
        let day = DayKey(sync.syncedAt, calendar: cal)
        let isToday = day == DayKey(shared.now, calendar: cal)
        let merged = vm.mergedSteps(on: day)
        let title = isToday ? s("devices.compare.titleToday") : s("devices.compare.titleDay", f.dayAndMonth(day))
        let inner = Card(title: title).render(in: area, r, &buffer)
        guard inner.height >= 2, inner.width >= 16 else { return }
        let rows = [(vm.deviceName(ctx), f.integer(sync.payload.steps), ColorToken.chartSteps),
                    (s(isToday ? "devices.compare.mergedToday" : "devices.compare.merged"), merged.map { f.integer($0) } ?? "–", .textPrimary)]
        let numberWidth = rows.map { TextWidth.of($0.1) }.max() ?? 0
        let labelWidth = min(inner.width - numberWidth - 2, max(rows.map { TextWidth.of($0.0) }.max() ?? 0, 12))
        for (i, row) in rows.enumerated() {
            buffer.write(TextWidth.truncate(row.0, to: max(0, labelWidth)), x: inner.x, y: inner.y + i, style: Typography.body.style(t))
            buffer.write(TextWidth.pad(row.1, to: numberWidth, alignment: .trailing), x: inner.x + labelWidth + 2, y: inner.y + i,
                         style: t.text(row.2, .bold))
        }
        let note: String
        switch verdict(band: sync.payload.steps, merged: merged) {
        case .notLoaded: note = s("devices.compare.notLoaded")
        case .agree: note = r.glyphs.check + " " + s("devices.compare.agree")
        case .differ(let by) where shared.now.timeIntervalSince(sync.syncedAt) >= 600:
            // An older sync: Today has counted on since; say so rather than blame the band.
            note = s("devices.compare.differSince", f.integer(by), f.time(sync.syncedAt))
        case .differ(let by): note = s("devices.compare.differ", f.integer(by))
        }
        let room = inner.height - 3
        guard room >= 1 else { return }
        // When the whole explanation does not fit, its first clause (never a cut word).
        var text = note
        if TextWidth.wrap(note, to: inner.width).count > room, case .differ(let by) = verdict(band: sync.payload.steps, merged: merged) {
            text = s("devices.compare.differShort", f.integer(by))
        }
        for (i, line) in TextWidth.wrap(text, to: inner.width, maxLines: room).enumerated() {
            buffer.write(line, x: inner.x, y: inner.y + 3 + i, style: Typography.caption.style(t))
        }
    }
}

extension DevicesViewModel {
    /// The merged total Today knows for `day`.
    func mergedSteps(on day: DayKey) -> Double? {
        mergedSteps.first { $0.day == day }?.value
    }
}
