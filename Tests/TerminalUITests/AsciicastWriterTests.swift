import Foundation
import Testing
@testable import TerminalUI

@Suite struct AsciicastWriterTests {
    @Test func aRecordingParsesBackWithItsHeaderAndMonotonicTimes() throws {
        var writer = AsciicastWriter(width: 100, height: 30, timestamp: Date(timeIntervalSince1970: 1_790_000_000.7),
                                     env: ["TERM": "xterm-256color", "SHELL": "/bin/zsh"])
        var cast = writer.header()
        let chunks: [(String, Double)] = [
            ("\u{1B}[2J\u{1B}[H", 0), ("Hello \"world\" \\ é 🍣\n", 0.25), ("\t\u{07}\u{7F}\u{0}", 0.2), ("\u{2028}done\r\n", 1.5),
        ]
        for (text, time) in chunks { cast += writer.output(text, at: time) }
        let lines = cast.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 100)
        #expect(header["height"] as? Int == 30)
        #expect(header["timestamp"] as? Int == 1_790_000_000)
        #expect((header["env"] as? [String: String])?["TERM"] == "xterm-256color")
        var previous = -1.0
        var decoded = ""
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            #expect(event.count == 3)
            let time = try #require((event[0] as? NSNumber)?.doubleValue)
            #expect(time >= previous, "times never go backwards")
            previous = time
            #expect(event[1] as? String == "o")
            decoded += try #require(event[2] as? String)
        }
        #expect(decoded == chunks.map(\.0).joined(), "every byte survives the escaping")
        #expect(previous == 1.5)
        #expect(writer.lastTime == 1.5)
    }

    @Test func escapesControlCharacters() {
        #expect(AsciicastWriter.jsonString("a\"b\\c\n\u{1B}[0m\u{7F}") == #""a\"b\\c\n\u001b[0m\u007f""#)
        #expect(AsciicastWriter.jsonString("\u{2029}") == #""\u2029""#)
    }

    @Test(arguments: [(0.0, "0"), (1.5, "1.5"), (0.000001, "0.000001"), (12, "12"), (-3, "0"), (2.1234567, "2.123457")])
    func formatsTimes(seconds: Double, text: String) {
        #expect(AsciicastWriter.formatTime(seconds) == text)
    }

    @Test func holdsBackASplitUTF8Sequence() {
        var writer = AsciicastWriter(width: 10, height: 5)
        let sushi = Array("🍣".utf8)
        #expect(writer.output(bytes: [0x61] + sushi.prefix(2), at: 0.1) == "[0.1, \"o\", \"a\"]\n")
        #expect(writer.output(bytes: Array(sushi.dropFirst(2)), at: 0.2) == "[0.2, \"o\", \"🍣\"]\n")
        #expect(writer.output(bytes: [0xE2], at: 0.3) == "", "nothing whole yet")
        #expect(writer.output("x", at: .nan) == "[0.2, \"o\", \"\u{FFFD}x\"]\n", "a broken sequence becomes U+FFFD, a bad time keeps the last")
        #expect(AsciicastWriter(width: 0, height: -2).header() == #"{"version":2,"width":1,"height":1,"env":{}}"# + "\n")
    }
}
