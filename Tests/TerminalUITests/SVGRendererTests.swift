import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import TerminalUI

@Suite struct SVGRendererTests {
    /// Parses with Foundation's XMLParser; returns the root's attributes, or nil when not well-formed.
    final class RootReader: NSObject, XMLParserDelegate {
        var root: [String: String]?
        var elements = 0
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if root == nil { root = attributes }
            elements += 1
        }
        static func read(_ svg: String) -> RootReader? {
            let reader = RootReader()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = reader
            return parser.parse() ? reader : nil
        }
    }

    func sample() -> Buffer {
        var b = Buffer(size: Size(width: 6, height: 2))
        b.write("a<&>", x: 0, y: 0, style: Style(fg: RGB(255, 0, 0), attributes: [.bold]))
        b.write("█", x: 5, y: 0, style: Style(fg: RGB(0, 255, 0)))
        b.write("ok", x: 0, y: 1, style: Style(fg: RGB(0, 0, 255), bg: RGB(1, 2, 3), attributes: [.reverse]))
        b.write("日", x: 3, y: 1, style: Style(attributes: [.underline, .dim]))
        return b
    }

    @Test func isWellFormedAndSizedFromTheBuffer() throws {
        let svg = SVGRenderer(cellWidth: 10, cellHeight: 20).render(sample())
        let reader = try #require(RootReader.read(svg))
        #expect(reader.root?["width"] == "60")
        #expect(reader.root?["height"] == "40")
        #expect(reader.root?["viewBox"] == "0 0 60 40")
        #expect(reader.elements > 3)
    }

    @Test func escapesMarkupAndForbiddenCharacters() throws {
        #expect(SVGRenderer.escapeXML(#"<a href="x">&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;")
        #expect(SVGRenderer.escapeXML("bell\u{07}tab\t") == "bell\u{FFFD}tab\t")
        var b = Buffer(size: Size(width: 8, height: 1))
        b.setCell(Cell("\u{1B}", style: .plain), x: 0, y: 0) // a control that slipped into a cell
        b.write("]]>\"'", x: 1, y: 0, style: .plain)
        #expect(RootReader.read(SVGRenderer().render(b)) != nil)
        #expect(RootReader.read(SVGRenderer().render(Buffer(size: Size(width: 0, height: 0)))) != nil)
    }

    @Test func blockElementsBecomeExactRectangles() {
        #expect(SVGRenderer.blockGeometry("█")! == (0, 0, 8, 8, nil))
        #expect(SVGRenderer.blockGeometry("▄")! == (0, 4, 8, 4, nil))
        #expect(SVGRenderer.blockGeometry("▏")! == (0, 0, 1, 8, nil))
        #expect(SVGRenderer.blockGeometry("▉")! == (0, 0, 7, 8, nil))
        #expect(SVGRenderer.blockGeometry("▒")!.opacity == "0.5")
        #expect(SVGRenderer.blockGeometry("a") == nil)
    }

    @Test func matchesTheGoldenSVG() {
        let svg = SVGRenderer(cellWidth: 10, cellHeight: 20, fontSize: 16, fontFamily: "monospace",
                              defaultForeground: RGB(238, 238, 238), defaultBackground: RGB(0, 0, 0)).render(sample())
        #expect(svg == Self.golden)
    }

    static let golden = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40" font-family="monospace" font-size="16">
        <rect width="60" height="40" fill="#000000"/>
        <g shape-rendering="crispEdges">
        <rect x="50" y="0" width="10" height="20" fill="#00ff00"/>
        <rect x="0" y="20" width="20" height="20" fill="#0000ff"/>
        </g>
        <g xml:space="preserve" style="white-space:pre">
        <text x="0 10 20 30" y="15" fill="#ff0000" font-weight="bold">a&lt;&amp;&gt;</text>
        <text x="0 10" y="35" fill="#010203">ok</text>
        <text x="30" y="35" fill="#eeeeee" text-decoration="underline" fill-opacity="0.6">日</text>
        </g>
        </svg>

        """
}
