import FoundationEssentials
import Platform
import Synchronization
import TerminalUI

/// An achievement badge: a small medal-and-ribbon artwork with the tier number
/// inside, small for a row of badges and large for the detail view. The shapes
/// live in `Artwork/badges.json` (compiled in); each tier takes a theme color in
/// turn. A locked badge is drawn with dashed lines in a dim color, so it reads
/// as locked without color too.
public struct BadgeArt {
    public enum Variant: String, Sendable, Codable, CaseIterable { case small, large }

    public var tier: Int
    public var variant: Variant
    public var locked: Bool

    public init(tier: Int, variant: Variant = .small, locked: Bool = false) {
        self.tier = max(1, tier)
        self.variant = variant
        self.locked = locked
    }

    /// Columns × rows of a variant (the same for every glyph set and state).
    public static func size(of variant: Variant) -> Size {
        guard let art = BadgeArtCatalog.builtin.artwork(variant, unicode: true, locked: false) else { return Size(width: 0, height: 0) }
        return Size(width: art.width, height: art.lines.count)
    }

    /// The theme color of a tier: the catalog's list, in turn.
    public static func tierToken(_ tier: Int) -> ColorToken {
        let tokens = BadgeArtCatalog.builtin.tierTokens
        guard !tokens.isEmpty else { return .accent }
        return tokens[(max(1, tier) - 1) % tokens.count]
    }

    /// The tier number as it fits `width` columns ("7", "12", "99+" when too long).
    public static func numberText(_ tier: Int, width: Int) -> String {
        let digits = String(max(1, tier))
        guard digits.count > width else { return digits }
        return width <= 1 ? "+" : String(repeating: "9", count: width - 1) + "+"
    }

    /// The artwork's text with the number in place (what `render` draws).
    public func lines(glyphs: Glyphs) -> [String] {
        guard let art = BadgeArtCatalog.builtin.artwork(variant, unicode: glyphs.isUnicode, locked: locked) else { return [] }
        return art.lines.indices.map { row in String(art.cells(row: row, tier: tier).map(\.character)) }
    }

    /// Draws the badge centered in `rect` (clipped when the rect is smaller).
    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let catalog = BadgeArtCatalog.builtin
        guard !rect.isEmpty, let art = catalog.artwork(variant, unicode: ctx.glyphs.isUnicode, locked: locked) else { return }
        let t = ctx.theme
        let tone = Self.tierToken(tier)
        let ribbon: Style, medal: Style, number: Style
        if locked {
            let dim = t.text(catalog.lockedToken, .dim)
            ribbon = dim
            medal = dim
            number = t.text(.textSecondary)
        } else {
            ribbon = t.isMonochrome ? Style(attributes: [.dim]) : Style(fg: t[tone].mixed(with: t[.background], 0.3))
            medal = t.text(tone, .bold)
            number = t.text(.textPrimary, .bold)
        }
        let drawn = Self.drawing(art, variant: variant, unicode: ctx.glyphs.isUnicode, locked: locked, tier: tier)
        let x0 = rect.x + max(0, (rect.width - drawn.width) / 2)
        let y0 = rect.y + max(0, (rect.height - art.lines.count) / 2)
        for (row, cells) in drawn.rows.enumerated() where y0 + row < rect.maxY {
            for (col, cell) in cells.enumerated() {
                let style: Style
                switch cell.role {
                case "r": style = ribbon
                case "m": style = medal
                case "n": style = number
                default: continue
                }
                buffer.write(cell.text, x: x0 + col, y: y0 + row, style: style, clip: rect)
            }
        }
    }

    /// An artwork's rows with a tier's number in place, and its width: what `render` draws,
    /// found once for each badge (a frame of the Month screen draws a dozen, the same as the
    /// frame before; splitting each row into characters was most of their cost).
    struct Drawing: Sendable {
        var width: Int
        var rows: [[(text: String, role: Character)]]
    }

    struct DrawingKey: Hashable, Sendable {
        var variant: Variant, unicode: Bool, locked: Bool, tier: Int
    }

    private static let drawings = Mutex<[DrawingKey: Drawing]>([:])

    static func drawing(_ art: BadgeArtCatalog.Artwork, variant: Variant, unicode: Bool, locked: Bool, tier: Int) -> Drawing {
        let key = DrawingKey(variant: variant, unicode: unicode, locked: locked, tier: tier)
        if let kept = drawings.withLock({ $0[key] }) { return kept }
        let drawing = Drawing(width: art.width, rows: art.lines.indices.map { row in
            art.cells(row: row, tier: tier).map { (String($0.character), $0.role) }
        })
        drawings.withLock { kept in
            if kept.count >= 64 { kept.removeAll() } // tiers of a long history: a bound, never reached in practice
            kept[key] = drawing
        }
        return drawing
    }
}

/// The badge artworks file: one artwork per size, glyph set and state, each with
/// a role per character (r ribbon, m medal, n the number's place, space nothing).
public struct BadgeArtCatalog: Sendable, Decodable, Equatable {
    public struct Artwork: Sendable, Decodable, Equatable {
        public var size: BadgeArt.Variant
        public var glyphs: String
        public var state: String
        public var lines: [String]
        public var roles: [String]

        public var width: Int { lines.map(TextWidth.of).max() ?? 0 }

        /// `Array(text)`: where every scalar is a one-column grapheme of its own (an artwork's
        /// blocks, box pieces and letters), its scalars, without looking for grapheme breaks
        /// (two thirds of Month's first frame's badge work).
        static func characters(_ text: String) -> [Character] {
            TextWidth.singleColumnScalars(text) != nil ? text.unicodeScalars.map(Character.init) : Array(text)
        }

        /// The characters of one row with the tier number centered in its `n` run.
        func cells(row: Int, tier: Int) -> [(character: Character, role: Character)] {
            guard lines.indices.contains(row), roles.indices.contains(row) else { return [] }
            let line = lines[row], roleLine = roles[row]
            var cells: [(character: Character, role: Character)] = []
            if TextWidth.singleColumnScalars(line) != nil, TextWidth.singleColumnScalars(roleLine) != nil {
                // Both rows one-column graphemes of a scalar each (`characters`): paired scalar by scalar,
                // without the two arrays of characters the pairing would be made from.
                cells.reserveCapacity(line.utf8.count)
                var roleScalars = roleLine.unicodeScalars.makeIterator()
                for scalar in line.unicodeScalars {
                    guard let role = roleScalars.next() else { break }
                    cells.append((Character(scalar), Character(role)))
                }
            } else {
                cells = zip(Self.characters(line), Self.characters(roleLine)).map { (character: $0.0, role: $0.1) }
            }
            guard let first = cells.firstIndex(where: { $0.role == "n" }),
                  let last = cells.lastIndex(where: { $0.role == "n" }) else { return cells }
            let run = last - first + 1
            let number = Array(BadgeArt.numberText(tier, width: run))
            let start = first + (run - number.count) / 2
            for i in first...last { cells[i].character = " " }
            for (k, ch) in number.enumerated() where start + k <= last { cells[start + k].character = ch }
            return cells
        }
    }

    public var schemaVersion: Int
    public var tierTokens: [ColorToken]
    public var lockedToken: ColorToken
    public var artworks: [Artwork]

    public func artwork(_ variant: BadgeArt.Variant, unicode: Bool, locked: Bool) -> Artwork? {
        artworks.first { $0.size == variant && $0.glyphs == (unicode ? "unicode" : "ascii") && $0.state == (locked ? "locked" : "earned") }
    }

    /// Problems that would make an artwork draw wrongly; empty when the catalog is sound.
    public func problems() -> [String] {
        var found: [String] = []
        if schemaVersion != 1 { found.append("unsupported schemaVersion \(schemaVersion)") }
        if tierTokens.isEmpty { found.append("no tier colors") }
        for variant in BadgeArt.Variant.allCases {
            let sizes = [true, false].flatMap { u in [true, false].map { l in artwork(variant, unicode: u, locked: l) } }
            for (i, art) in sizes.enumerated() {
                let name = "\(variant.rawValue) \(i < 2 ? "unicode" : "ascii") \(i % 2 == 0 ? "locked" : "earned")"
                guard let art else { found.append("missing artwork: \(name)"); continue }
                if art.lines.count != art.roles.count { found.append("\(name): \(art.lines.count) lines but \(art.roles.count) role rows") }
                for (row, (line, roles)) in zip(art.lines, art.roles).enumerated() {
                    if line.count != roles.count { found.append("\(name) row \(row): roles do not match the characters") }
                    if TextWidth.of(line) != line.count { found.append("\(name) row \(row): has a character that is not one column") }
                    if TextWidth.of(line) != art.width { found.append("\(name) row \(row): not as wide as the others") }
                    if !roles.allSatisfy({ "rmn ".contains($0) }) { found.append("\(name) row \(row): unknown role") }
                }
                if art.roles.filter({ $0.contains("n") }).count != 1 { found.append("\(name): needs exactly one row with the number") }
                if art.glyphs == "ascii", !art.lines.joined().allSatisfy(\.isASCII) { found.append("\(name): not ASCII") }
            }
            if let reference = sizes.compactMap({ $0 }).first,
               sizes.compactMap({ $0 }).contains(where: { $0.width != reference.width || $0.lines.count != reference.lines.count }) {
                found.append("\(variant.rawValue): artworks differ in size")
            }
        }
        return found
    }

    /// Read by `JSONReader`: `JSONDecoder` cost Month's first frame 1.4 M instructions (and its
    /// generic metadata, made on first use); it reads the bytes only when these are refused, for its message.
    public static func parse(_ data: Data) throws -> BadgeArtCatalog {
        if let read = read(data) { return read }
        return try JSONDecoder().decode(BadgeArtCatalog.self, from: data)
    }

    static func read(_ data: Data) -> BadgeArtCatalog? {
        JSONReader.read(data) { r -> BadgeArtCatalog in
            var version: Int?, tiers: [ColorToken]?, locked: ColorToken?, artworks: [Artwork]?
            func token(_ r: inout JSONReader) throws -> ColorToken {
                guard let token = ColorToken(rawValue: try r.string()) else { throw JSONReader.Failure() }
                return token
            }
            func strings(_ r: inout JSONReader) throws -> [String] {
                var list: [String] = []
                try r.array { list.append(try $0.string()) }
                return list
            }
            try r.object { key, r in
                switch key {
                case "schemaVersion": version = try r.int()
                case "tierTokens":
                    var list: [ColorToken] = []
                    try r.array { list.append(try token(&$0)) }
                    tiers = list
                case "lockedToken": locked = try token(&r)
                case "artworks":
                    var list: [Artwork] = []
                    try r.array { r in
                        var size: BadgeArt.Variant?, glyphs: String?, state: String?, lines: [String]?, roles: [String]?
                        try r.object { key, r in
                            switch key {
                            case "size": size = BadgeArt.Variant(rawValue: try r.string())
                                if size == nil { throw JSONReader.Failure() }
                            case "glyphs": glyphs = try r.string()
                            case "state": state = try r.string()
                            case "lines": lines = try strings(&r)
                            case "roles": roles = try strings(&r)
                            default: try r.skipValue()
                            }
                        }
                        guard let size, let glyphs, let state, let lines, let roles else { throw JSONReader.Failure() }
                        list.append(Artwork(size: size, glyphs: glyphs, state: state, lines: lines, roles: roles))
                    }
                    artworks = list
                default: try r.skipValue()
                }
            }
            guard let version, let tiers, let locked, let artworks else { throw JSONReader.Failure() }
            return BadgeArtCatalog(schemaVersion: version, tierTokens: tiers, lockedToken: locked, artworks: artworks)
        }
    }

    /// The compiled-in catalog. Tests check it parses and has no problems; a broken
    /// build falls back to an empty one (badges then draw nothing rather than crash).
    public static let builtin: BadgeArtCatalog = {
        (try? parse(Data(PackageResources.badges_json)))
            ?? BadgeArtCatalog(schemaVersion: 1, tierTokens: [.accent], lockedToken: .border, artworks: [])
    }()
}
