import FoundationEssentials

/// Writes an asciicast v2 recording: a header line of JSON, then one
/// `[time, "o", "data"]` line per chunk of terminal output. Lines come out one
/// at a time so a long recording streams to a file. Times never go backwards
/// (an earlier time is recorded as the previous one), and a UTF-8 sequence split
/// across two writes is held back until it is whole.
public struct AsciicastWriter: Sendable {
    public let width: Int
    public let height: Int
    public let timestamp: Int?
    public let env: [String: String]
    public private(set) var lastTime: Double = 0
    private var pending: [UInt8] = []

    public init(width: Int, height: Int, timestamp: Date? = nil, env: [String: String] = [:]) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.timestamp = timestamp.map { Int($0.timeIntervalSince1970.rounded(.down)) }
        self.env = env
    }

    /// The first line: `{"version":2,"width":W,"height":H,"timestamp":T,"env":{…}}` and a newline.
    public func header() -> String {
        var fields = [#""version":2"#, #""width":\#(width)"#, #""height":\#(height)"#]
        if let timestamp { fields.append(#""timestamp":\#(timestamp)"#) }
        let envFields = env.keys.sorted().map { "\(Self.jsonString($0)):\(Self.jsonString(env[$0] ?? ""))" }
        fields.append(#""env":{\#(envFields.joined(separator: ","))}"#)
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    /// An output event for text written at `time` seconds since the start.
    public mutating func output(_ text: String, at time: Double) -> String {
        output(bytes: Array(text.utf8), at: time)
    }

    /// An output event for raw bytes; returns "" when nothing is complete enough to write yet.
    public mutating func output(bytes: [UInt8], at time: Double) -> String {
        let all = pending + bytes
        let cut = Self.completeUTF8Prefix(all)
        pending = Array(all[cut...])
        guard cut > 0 else { return "" }
        let text = String(decoding: all[..<cut], as: UTF8.self)
        let t = time.isFinite ? max(lastTime, time) : lastTime
        lastTime = t
        return "[\(Self.formatTime(t)), \"o\", \(Self.jsonString(text))]\n"
    }

    /// Seconds with microsecond precision, trailing zeros trimmed ("1.5", "0.000001", "12").
    public static func formatTime(_ seconds: Double) -> String {
        let micros = Int64((min(max(0, seconds), 1e12) * 1_000_000).rounded())
        let whole = micros / 1_000_000, fraction = micros % 1_000_000
        guard fraction > 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    /// A JSON string literal: quotes, backslashes and every control character escaped
    /// (ESC becomes \u001b), and U+2028/U+2029 too so the line is also valid JavaScript.
    public static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0x7F || v == 0x2028 || v == 0x2029 {
                    let hex = String(v, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// How many leading bytes end on a character boundary: a trailing lead byte
    /// whose continuation bytes have not arrived yet is left out.
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var i = bytes.count
        var back = 0
        while i > 0, back < 3, bytes[i - 1] & 0xC0 == 0x80 { i -= 1; back += 1 }
        guard i > 0 else { return bytes.count }
        let lead = bytes[i - 1]
        let needed: Int
        switch lead {
        case 0xC0...0xDF: needed = 2
        case 0xE0...0xEF: needed = 3
        case 0xF0...0xF7: needed = 4
        default: return bytes.count
        }
        return back + 1 < needed ? i - 1 : bytes.count
    }
}
