import FoundationEssentials

/// Where a JSON text first breaks the grammar (RFC 8259), as a person finds it in an
/// editor: 1-based line and column (columns count characters, not bytes). Used to
/// say "line 3, column 14: expected ',' or ']'" instead of "not valid JSON".
public struct JSONSyntaxError: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }

    /// The first syntax error in `bytes`, nil when they are one valid JSON value.
    public static func first(in bytes: [UInt8]) -> JSONSyntaxError? {
        var p = Parser(bytes: bytes)
        do {
            p.skipSpace()
            try p.value(depth: 0)
            p.skipSpace()
            if p.i < bytes.count { throw p.fail("unexpected text after the end of the JSON value") }
            return nil
        } catch let e as Parser.Failure {
            return position(of: e.offset, in: bytes, message: e.message)
        } catch {
            return nil
        }
    }

    static func position(of offset: Int, in bytes: [UInt8], message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        var i = 0
        while i < min(offset, bytes.count) {
            let b = bytes[i]
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    struct Parser {
        struct Failure: Error { var offset: Int; var message: String }
        let bytes: [UInt8]
        var i = 0

        func fail(_ message: String) -> Failure { Failure(offset: i, message: message) }

        var atEnd: Bool { i >= bytes.count }

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
        }

        func found() -> String {
            guard i < bytes.count else { return "the end of the file" }
            let b = bytes[i]
            return b >= 0x21 && b < 0x7F ? "'\(Character(UnicodeScalar(b)))'" : "byte 0x\(String(b, radix: 16))"
        }

        mutating func value(depth: Int) throws {
            guard depth < 512 else { throw fail("nested too deeply") }
            guard !atEnd else { throw fail("expected a value, found the end of the file (cut off?)") }
            switch bytes[i] {
            case UInt8(ascii: "["):
                i += 1; skipSpace()
                if !atEnd, bytes[i] == UInt8(ascii: "]") { i += 1; return }
                while true {
                    try value(depth: depth + 1); skipSpace()
                    guard !atEnd else { throw fail("expected ',' or ']', found the end of the file (cut off?)") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(); continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return }
                    throw fail("expected ',' or ']', found \(found())")
                }
            case UInt8(ascii: "{"):
                i += 1; skipSpace()
                if !atEnd, bytes[i] == UInt8(ascii: "}") { i += 1; return }
                while true {
                    guard !atEnd, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a \"name\" in quotes, found \(found())") }
                    try string(); skipSpace()
                    guard !atEnd, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':', found \(found())") }
                    i += 1; skipSpace()
                    try value(depth: depth + 1); skipSpace()
                    guard !atEnd else { throw fail("expected ',' or '}', found the end of the file (cut off?)") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(); continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return }
                    throw fail("expected ',' or '}', found \(found())")
                }
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: throw fail("expected a value, found \(found())")
            }
        }

        mutating func literal(_ word: String) throws {
            for b in word.utf8 {
                guard !atEnd, bytes[i] == b else { throw fail("expected \(word)") }
                i += 1
            }
        }

        mutating func string() throws {
            let start = i
            i += 1
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { i += 1; return }
                if b < 0x20 { throw fail(b == 0x0A ? "a line break inside a string (missing '\"'?)" : "a control character inside a string") }
                if b == UInt8(ascii: "\\") {
                    i += 1
                    guard !atEnd else { break }
                    switch bytes[i] {
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            i += 1
                            guard !atEnd, (bytes[i] >= 0x30 && bytes[i] <= 0x39) || (bytes[i] | 0x20 >= 0x61 && bytes[i] | 0x20 <= 0x66) else {
                                throw fail("\\u needs four hex digits")
                            }
                        }
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"): break
                    default: throw fail("unknown escape after a backslash, found \(found())")
                    }
                }
                i += 1
            }
            i = start
            throw fail("a string that never ends (missing '\"')")
        }

        mutating func number() throws {
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            func digits() -> Int {
                let s = i
                while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
                return i - s
            }
            guard !atEnd, bytes[i] >= 0x30, bytes[i] <= 0x39 else { throw fail("expected a digit, found \(found())") }
            if bytes[i] == UInt8(ascii: "0") { i += 1 } else { _ = digits() }
            if !atEnd, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw fail("expected a digit after '.', found \(found())") }
            }
            if !atEnd, bytes[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                if !atEnd, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw fail("expected a digit in the exponent, found \(found())") }
            }
        }
    }
}
