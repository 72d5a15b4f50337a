import XCTest
@testable import DesignSystem
import SnapshotTesting
import TerminalUI

final class BadgeArtTests: XCTestCase {
    func testTheBuiltinCatalogIsSound() {
        XCTAssertEqual(BadgeArtCatalog.builtin.artworks.count, 8)
        XCTAssertEqual(BadgeArtCatalog.builtin.problems(), [])
        XCTAssertEqual(BadgeArt.size(of: .small), Size(width: 5, height: 4))
        XCTAssertEqual(BadgeArt.size(of: .large), Size(width: 11, height: 7))
    }

    /// An artwork's rows are split into characters by their scalars where each is a grapheme of
    /// its own: the same characters as `Array(row)`, for every row and role row of the built-in
    /// artworks and for rows a custom file might hold (combining marks, emoji, CJK).
    func testArtworkRowsSplitAsCharactersDo() {
        let rows = BadgeArtCatalog.builtin.artworks.flatMap { $0.lines + $0.roles }
            + ["e\u{301}x", "👍🏽 ok", "寿司", "a\u{200D}b", "┌─┐", "", "\r\n", "🇫🇷"]
        XCTAssertGreaterThan(rows.count, 40)
        for row in rows { XCTAssertEqual(BadgeArtCatalog.Artwork.characters(row), Array(row), row) }
    }

    /// An artwork's cells are its row's characters beside its role row's, with the tier's number
    /// centred on the `n` run: worked out here with `Array` and string slicing, for every built-in
    /// artwork and row, tiers of every width, and rows a custom file might hold.
    func testArtworkCellsAreTheCharactersWithTheNumberInPlace() {
        var artworks = BadgeArtCatalog.builtin.artworks
        let custom = BadgeArtCatalog.builtin.artworks[0]
        for (line, roles) in [("e\u{301}nnx", "mnnm"), ("寿 nn", "mrnn"), ("ab", "mnr"), ("abc", "mn")] {
            var art = custom
            art.lines = [line]
            art.roles = [roles]
            artworks.append(art)
        }
        for art in artworks {
            for row in art.lines.indices {
                for tier in [1, 7, 12, 99, 100, 12345] {
                    var expected = Array(zip(Array(art.lines[row]), Array(art.roles[row])))
                    if let first = expected.firstIndex(where: { $0.1 == "n" }), let last = expected.lastIndex(where: { $0.1 == "n" }) {
                        let run = last - first + 1
                        let digits = String(tier)
                        let number = Array(digits.count <= run ? digits : run <= 1 ? "+" : String(repeating: "9", count: run - 1) + "+")
                        for i in first...last {
                            let k = i - first - (run - number.count) / 2
                            expected[i].0 = k >= 0 && k < number.count ? number[k] : " "
                        }
                    }
                    let cells = art.cells(row: row, tier: tier)
                    XCTAssertEqual(cells.map(\.character), expected.map(\.0), "\(art.lines[row]) tier \(tier)")
                    XCTAssertEqual(cells.map(\.role), expected.map(\.1), "\(art.lines[row]) tier \(tier)")
                }
            }
        }
    }

    /// The fast read gives what `JSONDecoder` gives, for the compiled-in file and for one with
    /// fields in another order and one unknown; a file it refuses still parses or throws as before.
    func testTheFastReadAgreesWithJSONDecoder() throws {
        let builtin = Data(PackageResources.badges_json)
        XCTAssertEqual(BadgeArtCatalog.read(builtin), try JSONDecoder().decode(BadgeArtCatalog.self, from: builtin))
        let reordered = ##"{"artworks":[{"roles":["m"],"lines":["#"],"state":"earned","glyphs":"ascii","size":"large","x":[1]}],"##
            + #""lockedToken":"border","note":{"a":null},"tierTokens":["accent","danger"],"schemaVersion":1}"#
        let read = try XCTUnwrap(BadgeArtCatalog.read(Data(reordered.utf8)))
        XCTAssertEqual(read, try JSONDecoder().decode(BadgeArtCatalog.self, from: Data(reordered.utf8)))
        XCTAssertEqual(read.artworks.first?.size, .large)
        XCTAssertEqual(read.tierTokens, [.accent, .danger])
        for refused in [#"{"schemaVersion":1}"#, #"{"schemaVersion":1,"tierTokens":["nope"],"lockedToken":"border","artworks":[]}"#] {
            XCTAssertNil(BadgeArtCatalog.read(Data(refused.utf8)), refused)
            XCTAssertThrowsError(try BadgeArtCatalog.parse(Data(refused.utf8)), refused)
        }
    }

    func testABrokenCatalogIsReported() throws {
        let json = #"{"schemaVersion":2,"tierTokens":[],"lockedToken":"border","artworks":[{"size":"small","glyphs":"ascii","state":"earned","lines":["ab","é"],"roles":["mm"]}]}"#
        let problems = try BadgeArtCatalog.parse(Data(json.utf8)).problems()
        XCTAssertTrue(problems.contains("unsupported schemaVersion 2"))
        XCTAssertTrue(problems.contains("no tier colors"))
        XCTAssertTrue(problems.contains("missing artwork: large unicode locked"))
        XCTAssertTrue(problems.contains("small ascii earned: 2 lines but 1 role rows"))
        XCTAssertTrue(problems.contains("small ascii earned: not ASCII"))
        XCTAssertThrowsError(try BadgeArtCatalog.parse(Data("{".utf8)))
    }

    func testTierNumbersAndColors() {
        XCTAssertEqual(BadgeArt(tier: 3).lines(glyphs: .unicode), [" ╲ ╱ ", "╭─┴─╮", "│ 3 │", "╰───╯"])
        XCTAssertEqual(BadgeArt(tier: 12).lines(glyphs: .ascii)[2], "|12 |")
        XCTAssertEqual(BadgeArt(tier: 1234, variant: .large).lines(glyphs: .unicode)[4], "│   99+   │")
        XCTAssertEqual(BadgeArt(tier: 0).tier, 1)
        XCTAssertEqual(BadgeArt.numberText(7, width: 3), "7")
        XCTAssertEqual(BadgeArt.numberText(1000, width: 1), "+")
        let tokens = (1...7).map(BadgeArt.tierToken)
        XCTAssertEqual(Set(tokens).count, 7, "seven tiers, seven colors")
        XCTAssertEqual(BadgeArt.tierToken(8), BadgeArt.tierToken(1))
        for theme in [ThemeLoader.dark, ThemeLoader.light] {
            XCTAssertEqual(Set(tokens.map { theme[$0] }).count, 7, "distinct in \(theme.name)")
        }
        XCTAssertNotEqual(BadgeArt(tier: 2, locked: true).lines(glyphs: .unicode), BadgeArt(tier: 2).lines(glyphs: .unicode),
                          "locked is shown by shape, not only by color")
    }

    func render(_ w: Int, _ h: Int, _ theme: Theme, glyphs: Glyphs = .unicode, _ draw: (RenderContext, inout Buffer) -> Void) -> Buffer {
        var b = Buffer(size: Size(width: w, height: h), fill: Cell(" ", style: theme.base))
        draw(RenderContext(theme: theme, glyphs: glyphs), &b)
        return b
    }

    func testSnapshots() {
        for (name, t) in [("dark", ThemeLoader.dark), ("light", ThemeLoader.light)] {
            assertSnapshot(render(48, 12, t) { r, b in
                for tier in 1...4 {
                    BadgeArt(tier: tier).render(in: Rect(x: (tier - 1) * 7, y: 0, width: 7, height: 4), r, &b)
                }
                BadgeArt(tier: 5, locked: true).render(in: Rect(x: 28, y: 0, width: 7, height: 4), r, &b)
                BadgeArt(tier: 12, variant: .large).render(in: Rect(x: 0, y: 5, width: 13, height: 7), r, &b)
                BadgeArt(tier: 13, variant: .large, locked: true).render(in: Rect(x: 14, y: 5, width: 13, height: 7), r, &b)
            }, named: "badges-\(name)")
        }
        assertSnapshot(render(30, 7, ThemeLoader.dark.monochrome(), glyphs: .ascii) { r, b in
            BadgeArt(tier: 3).render(in: Rect(x: 0, y: 0, width: 6, height: 4), r, &b)
            BadgeArt(tier: 4, locked: true).render(in: Rect(x: 6, y: 0, width: 6, height: 4), r, &b)
            BadgeArt(tier: 10, variant: .large).render(in: Rect(x: 12, y: 0, width: 11, height: 7), r, &b)
        }, named: "badges-ascii")
    }

    func testClippedRenderingDoesNotCrash() {
        var b = Buffer(size: Size(width: 3, height: 2))
        let r = RenderContext(theme: ThemeLoader.dark)
        BadgeArt(tier: .max, variant: .large).render(in: Rect(x: -4, y: -3, width: 8, height: 4), r, &b)
        BadgeArt(tier: .min).render(in: b.bounds, r, &b)
        XCTAssertEqual(b.size, Size(width: 3, height: 2))
    }
}
