extension PosixTimeZoneRule {
    /// Parses `std offset [dst [offset] [,start[/time],end[/time]]]`; nil unless the whole text is a valid rule.
    init?(_ text: String) {
        var scanner = RuleScanner(Array(text.utf8))
        guard let standardName = scanner.name(), let standardWest = scanner.signedTime(maxHours: 24) else { return nil }
        if scanner.atEnd {
            self.init(standardName: standardName, standardOffset: -standardWest, daylight: nil)
            return
        }
        guard let daylightName = scanner.name() else { return nil }
        var daylightOffset = -standardWest + 3600
        if !scanner.atEnd && !scanner.peek(","), let west = scanner.signedTime(maxHours: 24) {
            daylightOffset = -west
        }
        var start = Self.usStart, end = Self.usEnd
        if !scanner.atEnd {
            guard scanner.take(","), let s = scanner.change(), scanner.take(","), let e = scanner.change() else { return nil }
            start = s
            end = e
        }
        guard scanner.atEnd else { return nil }
        self.init(standardName: standardName, standardOffset: -standardWest,
                  daylight: Daylight(name: daylightName, offset: daylightOffset, start: start, end: end))
    }
}

/// A cursor over the rule's bytes; every method consumes nothing and returns nil when the text does not fit.
private struct RuleScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    func peek(_ character: Unicode.Scalar) -> Bool {
        position < bytes.count && bytes[position] == UInt8(ascii: character)
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek(character) else { return false }
        position += 1
        return true
    }

    /// Three or more letters, or `<...>` holding three or more letters, digits, '+' or '-'.
    mutating func name() -> String? {
        let start = position
        if take("<") {
            let inner = position
            while position < bytes.count, Self.isQuotedNameByte(bytes[position]) { position += 1 }
            let end = position
            guard end - inner >= 3, take(">") else { position = start; return nil }
            return String(decoding: bytes[inner..<end], as: UTF8.self)
        }
        while position < bytes.count, Self.isLetter(bytes[position]) { position += 1 }
        guard position - start >= 3 else { position = start; return nil }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, with hours up to `maxHours`.
    mutating func signedTime(maxHours: Int) -> Int? {
        let start = position
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let hours = number(maxDigits: 3), hours <= maxHours else { position = start; return nil }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number(maxDigits: 2), minutes <= 59 else { position = start; return nil }
            seconds += minutes * 60
            if take(":") {
                guard let secs = number(maxDigits: 2), secs <= 59 else { position = start; return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00; v3 allows −167...167 hours).
    mutating func change() -> PosixTimeZoneRule.Change? {
        let day: PosixTimeZoneRule.Day
        if take("J") {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julianSkippingLeapDay(n)
        } else if take("M") {
            guard let month = number(maxDigits: 2), (1...12).contains(month), take("."),
                  let week = number(maxDigits: 1), (1...5).contains(week), take("."),
                  let weekday = number(maxDigits: 1), (0...6).contains(weekday) else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7200
        if take("/") {
            guard let t = signedTime(maxHours: 167) else { return nil }
            time = t
        }
        return PosixTimeZoneRule.Change(day: day, secondsIntoDay: time)
    }

    private mutating func number(maxDigits: Int) -> Int? {
        var value = 0, digits = 0
        while digits < maxDigits, position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
            value = value * 10 + Int(bytes[position] - 48)
            position += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }

    private static func isQuotedNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
