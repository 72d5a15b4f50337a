import Foundation
import XCTest

/// How a frame reaches the terminal, seen from the system calls of the real binary
/// (strace, when the machine has it): a frame is one write(2), not one per line or
/// per changed run of cells.
final class FrameWriteTests: XCTestCase {
    func testEachKeysFrameIsOneWrite() throws {
        guard let strace = ["/usr/bin/strace", "/bin/strace"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("strace is not installed")
        }
        let dir = temporaryDataDir()
        let trace = (dir as NSString).appendingPathComponent("trace.txt")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try TmuxSession(["--data-dir", dir, "--no-live", "--reduce-motion"], width: 200, height: 60,
                                launcher: [strace, "-f", "-e", "trace=read,write,poll", "-o", trace])
        s.onboard()
        s.send("1")
        // A press while the week loads changes nothing, so it would draw no frame.
        var screen = s.waitForLoadedToday()
        // `c` flips the week chart between steps and energy: a few hundred cells change.
        for i in 0..<6 {
            let before = screen
            s.send("c")
            screen = s.waitFor("the chart to flip (\(i))") { $0 != before }
            usleep(150_000)
        }
        s.send("q")
        XCTAssertEqual(s.waitForExit().status, 0)

        // After the read that brought `c`, the writes to the terminal before the run loop waits
        // again (its poll watches two descriptors; ncurses' own look at stdin watches one).
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        var counts: [Int] = []
        var counting: Int?
        for line in lines {
            // `read(0, "c", 1) = 1`, or its `<... read resumed>"c", 1) = 1` when another thread interleaved
            // (strace pads short calls to a column before the `=`).
            if line.contains("read"), line.contains("\"c\", 1)"), line.hasSuffix("= 1") {
                counting = 0
            } else if line.contains("poll([{fd=0, events=POLLIN}, {fd="), let n = counting {
                counts.append(n)
                counting = nil
            } else if line.contains("write(1, "), counting != nil {
                counting! += 1
            }
        }
        // No key clears the screen (nothing was resized): ncurses, which draws nothing of ours, once
        // cleared it at the first key read after its windows were shrunk, and a full repaint followed.
        let firstKey = try XCTUnwrap(lines.firstIndex { $0.contains("read") && $0.hasSuffix("= 1") }, "a key was read")
        let clears = lines[firstKey...].filter { $0.contains("write(1, ") && $0.contains("[2J") }
        XCTAssertEqual(clears, [], "screen clears after the first key")
        XCTAssertGreaterThanOrEqual(counts.count, 4, "a frame after the c presses:\n\(lines.suffix(40).joined(separator: "\n"))")
        XCTAssertEqual(counts.filter { $0 != 1 }, [], "writes per frame after each c: \(counts)")
    }

    /// What tmux (a real terminal emulator) shows after each key's frame — text and every
    /// cell's colours and attributes (`capture-pane -e`), as seen — is what it shows after the same
    /// screen is drawn whole (a resize and back repaints everything): the frames' short
    /// moves (CR LF, BS, ESC D, cells written again) and pens reach the same screen.
    func testEachKeysFrameLeavesTheTerminalAsAWholeRepaintWould() throws {
        let dir = temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // In colour whatever the test runner's environment says (NO_COLOR set but empty means colour).
        let s = try TmuxSession(["--data-dir", dir, "--no-live", "--reduce-motion", "--now", "2026-11-20T15:30:00Z"], width: 200, height: 60,
                                environment: ["NO_COLOR": ""])
        s.onboard()
        s.send("1")
        s.waitForLoadedToday()
        /// The screen once two captures 150 ms apart agree.
        func settled() -> String {
            var last = s.capture(colors: true)
            for _ in 0..<40 {
                usleep(150_000)
                let now = s.capture(colors: true)
                if now == last { return now }
                last = now
            }
            return last
        }
        var before = settled()
        // Focus moves (two cards' borders re-coloured), the goal (its line moves up a row; the
        // toast comes and goes), the chart flips, Month and Scores and their focus, back to Today.
        for key in ["Tab", "Tab", "+", "c", "BTab", "3", "Tab", "4", "Tab", "1"] {
            s.send(key)
            // "+" shows a toast for 2 s: its going is a frame of its own, checked with this key's.
            if key == "+" { usleep(2_500_000) }
            s.waitFor("\(key) to draw", timeout: 5) { _ in s.capture(colors: true) != before }
            let drawn = settled()
            s.resize(199, 60)
            s.waitFor("the narrower screen", timeout: 5) { _ in s.capture(colors: true) != drawn }
            _ = settled()
            s.resize(200, 60)
            let whole = settled()
            XCTAssertTrue(drawn.contains("38;5;"), "in colour")
            // Compared as seen: a blank's foreground does not show (see `VisibleScreen`).
            let seen = VisibleScreen(capture: drawn), repainted = VisibleScreen(capture: whole)
            XCTAssertEqual(seen, repainted, "after \(key): the frame's bytes and a whole repaint differ: "
                           + (seen.firstDifference(from: repainted) ?? ""))
            before = whole
        }
        s.send("q")
        XCTAssertEqual(s.waitForExit().status, 0)
    }
}
