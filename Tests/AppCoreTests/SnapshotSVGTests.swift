import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import AppCore
import TerminalUI

/// What `make docs` writes: `snapshot SCREEN --size 100x30 --format svg` for every screen, in both themes.
final class SnapshotSVGTests: XCTestCase {
    final class RootReader: NSObject, XMLParserDelegate {
        var root: [String: String]?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if root == nil { root = attributes }
        }
    }

    func testEveryScreenIsWellFormedSVGOfTheRightSizeInBothThemes() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-svg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for theme in ["dark", "light"] {
            for screen in FeatureRegistry.snapshotScreens {
                var options = Options()
                options.theme = theme
                options.reduceMotion = true
                options.readOnly = true
                options.now = DemoPlayer.defaultStart
                options.dataDir = dir.appendingPathComponent("\(theme)-\(screen)").path
                let env = AppEnvironment(options: options, environment: DemoTests.environment)
                let svg = await Commands.snapshotOutput(env, SnapshotRequest(screen: screen, size: Size(width: 100, height: 30), format: .svg))
                let reader = RootReader()
                let parser = XMLParser(data: Data(svg.utf8))
                parser.delegate = reader
                XCTAssertTrue(parser.parse(), "\(screen) \(theme) is well-formed XML")
                XCTAssertEqual(reader.root?["width"], "1000", "\(screen) \(theme)")
                XCTAssertEqual(reader.root?["height"], "600", "\(screen) \(theme)")
            }
        }
    }
}
