import FoundationEssentials
import HealthDomain
import Platform

/// The Devices screen's words and numbers, shared by the screen and `tmm-tui sync`.
enum DevicesText {
    /// What went wrong, in the user's language (the domain's English is the fallback).
    static func message(_ error: WearableError, _ ctx: AppContext) -> String {
        switch error {
        case .invalidPayload(let problem): return ctx.strings("devices.error.invalid-payload", Self.problem(problem, ctx))
        case .noResponse(let seconds): return ctx.strings("devices.error.no-response", ctx.formats.integer(seconds))
        default: return ctx.strings("devices.error.\(error.code)")
        }
    }

    /// A damaged payload's fault in words, its numbers in the user's format ("0–150,000").
    static func problem(_ p: PayloadProblem, _ ctx: AppContext) -> String {
        let s = ctx.strings, f = ctx.formats
        func number(_ v: Double) -> String { v == v.rounded() ? f.integer(v) : f.decimal(v) }
        switch p {
        case .notJSON: return s("devices.payload.notJSON")
        case .notAnObject(let found): return s("devices.payload.notAnObject", found)
        case .missing(let field): return s("devices.payload.missing", field)
        case .notANumber(let field, let found): return s("devices.payload.notANumber", field, found)
        case .notWhole(let field, let value): return s("devices.payload.notWhole", field, f.decimal(value))
        case .outOfRange(let field, let value, let lowest, let highest):
            return s("devices.payload.outOfRange", field, number(value), number(lowest), number(highest))
        case .other(let words): return words
        }
    }

    static func advice(_ error: WearableError, _ ctx: AppContext) -> String {
        ctx.strings("devices.advice.\(error.code)")
    }

    /// "7h 18m" from 7.3 hours.
    static func sleep(_ hours: Double, _ ctx: AppContext) -> String {
        let minutes = hours.isFinite ? Int(min(24 * 60, max(0, (hours * 60).rounded()))) : 0
        return ctx.strings("devices.sleep.value", String(minutes / 60), String(cFormat: "%02d", minutes % 60))
    }

    /// "just now", "12 min ago", "3 h ago", "2 d ago".
    static func ago(_ date: Date, now: Date, _ ctx: AppContext) -> String {
        let seconds = now.timeIntervalSince(date)
        guard seconds.isFinite, seconds >= 60 else { return ctx.strings("devices.ago.now") }
        if seconds < 3_600 { return ctx.strings("devices.ago.minutes", ctx.formats.integer(Int(seconds / 60))) }
        if seconds < 86_400 { return ctx.strings("devices.ago.hours", ctx.formats.integer(Int(seconds / 3_600))) }
        return ctx.strings("devices.ago.days", ctx.formats.integer(Int(min(seconds / 86_400, 1e6))))
    }

    /// "14:05" today, "Sat 21 Nov 14:05" on another day.
    static func when(_ date: Date, now: Date, _ ctx: AppContext) -> String {
        let cal = ctx.calendar
        if cal.isDate(date, inSameDayAs: now) { return ctx.formats.time(date) }
        return ctx.formats.dayAndMonth(DayKey(date, calendar: cal)) + " " + ctx.formats.time(date)
    }

    /// "Last sync 14:05 · 3 h ago".
    static func lastSync(_ sync: LastSync, now: Date, _ ctx: AppContext) -> String {
        ctx.strings("devices.lastSync", when(sync.syncedAt, now: now, ctx), ago(sync.syncedAt, now: now, ctx))
    }

    /// Elapsed seconds of an attempt, whole.
    static func seconds(_ t: TimeInterval, _ ctx: AppContext) -> String {
        ctx.strings("devices.seconds", ctx.formats.integer(Int(max(0, min(t, 1e6)))))
    }
}
