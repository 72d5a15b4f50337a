import Synchronization

/// Display width of text in terminal columns: East Asian wide and emoji take two,
/// combining marks and zero-width joiners take none, control characters are not
/// drawn. Deterministic and locale-independent, so tests and layouts agree.
public enum TextWidth {
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        // Dashes and quotes, box drawing, block elements, braille: what every frame is made of.
        // Width 1 without the property lookups (none is a mark, wide or emoji; `TextWidthTests` checks).
        if (0x2010...0x2027).contains(v) || (0x202F...0x205E).contains(v) || (0x2500...0x259F).contains(v) || (0x2800...0x28FF).contains(v) {
            return 1
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return 0 }
        if (0x1160...0x11FF).contains(v) { return 0 } // Hangul medial vowels / final consonants
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Width of one grapheme cluster: its first visible scalar decides, and an
    /// emoji variation selector (U+FE0F) makes it two columns wide.
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        var width = 0
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F { return 2 }
            if width == 0 { width = of(scalar) }
        }
        return min(width, 2)
    }

    public static func of(_ text: String) -> Int {
        singleColumnScalars(text) ?? text.reduce(0) { $0 + of($1) }
    }

    /// The number of scalars when each is a grapheme of its own one column wide —
    /// printable ASCII and Latin-1, general punctuation (‹ › ‰ ′ …; not its separators and
    /// direction marks), arrows, box drawing, blocks,
    /// geometric shapes and braille, none of which combines with its neighbours — else nil.
    public static func singleColumnScalars(_ text: String) -> Int? {
        // Read as UTF-8 bytes (every string drawn passes here, most of them ASCII): a scalar
        // of one to three bytes is decoded in place; four bytes (emoji…) is never one column.
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var n = 0, i = 0
            let count = bytes.count
            while i < count {
                // Eight printable ASCII bytes at a time (most text is): none with its top bit
                // set, none below a space, none DEL (`hasLess`, bit-twiddling's test of every byte).
                if i + 8 <= count, let base = bytes.baseAddress {
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if word & Self.highBits == 0, Self.hasLess(word, than: 0x20) == 0, Self.hasLess(word ^ Self.everyByte(0x7F), than: 1) == 0 {
                        n += 8
                        i += 8
                        continue
                    }
                }
                let b = bytes[i]
                let v: UInt32
                if b < 0x80 {
                    v = UInt32(b)
                    i += 1
                } else if b & 0xE0 == 0xC0, i + 1 < count {
                    v = UInt32(b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                    i += 2
                } else if b & 0xF0 == 0xE0, i + 2 < count {
                    v = UInt32(b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                    i += 3
                } else {
                    return nil
                }
                switch v {
                case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x202F...0x205E, 0x2190...0x21FF, 0x2500...0x25FC, 0x2800...0x28FF:
                    n += 1
                default: return nil
                }
            }
            return n
        }
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    private static func everyByte(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// Not zero when a byte of `word` (each below 0x80) is below `n` (at most 0x80).
    @inline(__always)
    private static func hasLess(_ word: UInt64, than n: UInt8) -> UInt64 {
        (word &- everyByte(n)) & ~word & highBits
    }

    /// The longest prefix that fits in `columns`; adds "…" when text was cut.
    public static func truncate(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        let ellipsisWidth = of(ellipsis)
        guard columns > ellipsisWidth else { return String(repeating: ".", count: columns) }
        var result = "", used = 0
        for ch in text {
            let w = of(ch)
            if used + w > columns - ellipsisWidth { break }
            result.append(ch)
            used += w
        }
        return result + ellipsis
    }

    /// The first of `wordings` (longest first) that fits in `columns` whole; else the last, cut to fit.
    public static func firstFitting(_ wordings: [String], to columns: Int, ellipsis: String = "…") -> String {
        wordings.first { of($0) <= columns } ?? truncate(wordings.last ?? "", to: columns, ellipsis: ellipsis)
    }

    /// The longest suffix that fits in `columns` after `ellipsis` (a path whose end matters most);
    /// the text itself when it fits.
    public static func truncateFront(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        let room = columns - of(ellipsis)
        guard room > 0 else { return String(repeating: ".", count: columns) }
        var kept: [Character] = [], used = 0
        for ch in text.reversed() {
            let w = of(ch)
            if used + w > room { break }
            kept.append(ch)
            used += w
        }
        return ellipsis + String(kept.reversed())
    }

    /// A path cut from the front at a folder's edge ("…/tmm-tui/settings.json", not
    /// "…onfig/tmm-tui/settings.json"): the longest tail from a `/` that fits with the ellipsis;
    /// `truncateFront` when not even the last name does.
    public static func truncatePathFront(_ path: String, to columns: Int, ellipsis: String = "…") -> String {
        guard of(path) > columns else { return path }
        var tail = Substring(path)
        while let slash = tail.dropFirst().firstIndex(of: "/") {
            tail = tail[slash...]
            if of(ellipsis) + of(String(tail)) <= columns { return ellipsis + tail }
        }
        return truncateFront(path, to: columns, ellipsis: ellipsis)
    }

    /// Pads with spaces (or truncates) to exactly `columns` wide.
    public static func pad(_ text: String, to columns: Int, alignment: Alignment = .leading) -> String {
        let t = truncate(text, to: columns)
        let gap = max(0, columns - of(t))
        switch alignment {
        case .leading: return t + String(repeating: " ", count: gap)
        case .trailing: return String(repeating: " ", count: gap) + t
        case .center: return String(repeating: " ", count: gap / 2) + t + String(repeating: " ", count: gap - gap / 2)
        }
    }

    /// Word-wraps into lines at most `columns` wide; words longer than a line are broken.
    /// Wraps to at most `maxLines`; when text is left over, the last line ends in an ellipsis.
    public static func wrap(_ text: String, to columns: Int, maxLines: Int) -> [String] {
        let lines = wrap(text, to: columns)
        guard lines.count > maxLines, maxLines > 0 else { return Array(lines.prefix(max(0, maxLines))) }
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = truncate(kept[maxLines - 1] + " " + lines[maxLines], to: columns)
        if !kept[maxLines - 1].hasSuffix("…") { kept[maxLines - 1] = truncate(kept[maxLines - 1] + "…", to: columns) }
        return kept
    }

    /// The longest start of `word` that fits `columns`.
    private static func head(of word: String, fitting columns: Int) -> String {
        var head = "", width = 0
        for ch in word { let w = of(ch); if width + w > columns { break }; head.append(ch); width += w }
        return head
    }

    /// Where a word too long for its line is cut: `head` up to its last `/` (a path's folder), else
    /// its last `-`, `_` or `.`, when that keeps more than a third of `columns`.
    private static func separatorCut(_ head: String, columns: Int) -> String? {
        for separators in ["/", "-_."] {
            if let cut = head.lastIndex(where: { separators.contains($0) }) {
                let kept = String(head[...cut])
                if of(kept) > columns / 3 { return kept }
            }
        }
        return nil
    }

    /// Lines already wrapped, by text and width: a frame wraps the texts the last one did (an
    /// insight, a hint, help's paragraphs), and wrapping costs far more than looking one up.
    /// Emptied when full: a screen wraps a few dozen texts. A long text (a file's contents in a
    /// message, a pasted name) is wrapped each time instead of kept.
    private static let wrapped = Mutex<[WrapKey: [String]]>([:])
    private struct WrapKey: Hashable { var text: String, columns: Int }
    static let wrappedLimit = 96
    static let longestWrapKept = 2_048

    public static func wrap(_ text: String, to columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        guard text.utf8.count <= longestWrapKept else { return wrapWords(text, to: columns) }
        let key = WrapKey(text: text, columns: columns)
        if let lines = wrapped.withLock({ $0[key] }) { return lines }
        let lines = wrapWords(text, to: columns)
        wrapped.withLock { known in
            if known.count >= wrappedLimit { known.removeAll(keepingCapacity: true) }
            known[key] = lines
        }
        return lines
    }

    static func wrapWords(_ text: String, to columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var w = of(word)
                if lineWidth > 0 && lineWidth + 1 + w <= columns {
                    line += " " + word; lineWidth += 1 + w
                    continue
                }
                // A word longer than a whole line starts on this one when a part of it up to a
                // separator fills its room ("It was kept as settings.json." + "corrupt-…", not "as" alone).
                if lineWidth > 0, w > columns {
                    let room = columns - lineWidth - 1
                    if room >= 6, let cut = separatorCut(head(of: word, fitting: room), columns: room) {
                        line += " " + cut; lineWidth += 1 + of(cut)
                        word = String(word.dropFirst(cut.count)); w = of(word)
                    }
                }
                if lineWidth > 0 { lines.append(line); line = ""; lineWidth = 0 }
                while w > columns {
                    var head = head(of: word, fitting: columns)
                    if head.isEmpty { head = String(word.first!) }
                    head = separatorCut(head, columns: columns) ?? head
                    lines.append(head)
                    word = String(word.dropFirst(head.count)); w = of(word)
                }
                line = word; lineWidth = w
            }
            lines.append(line)
        }
        return lines
    }
}

public enum Alignment: Sendable { case leading, center, trailing }
