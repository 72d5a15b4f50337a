import FoundationEssentials
import DesignSystem
import HealthImport

/// The progress line drawn on a terminal while importing:
/// `Importing  [######----]  42%  120.3/290.0 MB  512k rec/s  ETA 0:12`.
/// Pure: the caller decides when (at most 10 times a second) and where to draw it.
struct ImportProgressLine {
    var width: Int
    var unicode: Bool

    /// Redraws are at least this far apart.
    static let minimumInterval = 0.1

    func text(_ p: ImportProgress, elapsed: Double) -> String {
        let fraction = p.fraction
        let percent = "\(ProgressBar.wholePercent(fraction))%".leftPad(4)
        let bytes = "\(Self.megabytes(p.fileBytesRead))/\(Self.megabytes(p.fileBytesTotal)) MB"
        let rate = elapsed > 0 ? Double(p.recordsImported) / elapsed : 0
        let speed = "\(Self.compact(rate)) rec/s"
        var eta = "ETA --:--"
        if fraction > 0.01, elapsed > 0.5 {
            eta = "ETA " + Self.duration(elapsed / fraction - elapsed)
        }
        let tail = "  \(percent)  \(bytes)  \(speed)  \(eta)"
        let label = "Importing "
        let barWidth = max(0, min(30, width - 1 - label.count - tail.count - 2))
        guard barWidth >= 5 else { return String((label + tail.drop { $0 == " " }).prefix(max(0, width - 1))) }
        let filled = Int((Double(barWidth) * fraction).rounded(.down))
        let (full, empty) = unicode ? ("█", "░") : ("#", "-")
        let bar = String(repeating: full, count: filled) + String(repeating: empty, count: barWidth - filled)
        return label + "[" + bar + "]" + tail
    }

    static func megabytes(_ bytes: UInt64) -> String { String(cFormat: "%.1f", Double(bytes) / 1_000_000) }

    /// 950, 12.3k, 1.2M.
    static func compact(_ value: Double) -> String {
        guard value.isFinite, value >= 0 else { return "0" }
        if value >= 1_000_000 { return String(cFormat: "%.1fM", value / 1_000_000) }
        if value >= 1_000 { return String(cFormat: "%.0fk", value / 1_000) }
        return String(cFormat: "%.0f", value)
    }

    /// 0:07, 12:30, 1:02:03.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "--:--" }
        return String.clock(seconds: Int(min(seconds, 359_999).rounded()))
    }
}

extension String {
    fileprivate func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
