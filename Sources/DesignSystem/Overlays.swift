import TerminalUI

/// What a modal dialog is drawn over: the screen dimmed, and nothing beneath clickable.
public func dimmedBackdrop(_ rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
    buffer.clearClickTargets()
    dimBackdrop(rect, ctx, &buffer)
}

/// Dims everything already drawn in `rect`, so a modal stands out from it.
public func dimBackdrop(_ rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
    let t = ctx.theme
    if t.isMonochrome {
        buffer.transformStyle(in: rect) { s in var c = s; c.attributes = [.dim]; return c }
        return
    }
    let overlay = t[.overlay], text = t[.textPrimary], background = t[.background]
    // A screen has a few dozen styles, in runs: each is mixed once per run, or once while it is
    // among the last few (`transformStyle`).
    buffer.transformStyle(in: rect) { s in
        Style(fg: (s.fg ?? text).mixed(with: overlay, 0.55), bg: (s.bg ?? background).mixed(with: overlay, 0.55),
              attributes: s.attributes.subtracting([.bold]))
    }
}

/// A modal bottom sheet: the screen behind is dimmed and a raised, fully
/// bordered panel rises from the bottom edge. Returns the content area.
public struct Sheet {
    public var title: String
    public var height: Int
    public var maxWidth: Int

    public init(title: String, height: Int, maxWidth: Int = 72) {
        self.title = title
        self.height = height
        self.maxWidth = maxWidth
    }

    /// `progress` 0...1 slides the sheet up (1 = fully shown). `dimming: false`: `buffer` holds
    /// the dimmed screen already (`dimBackdrop`).
    @discardableResult
    public func render(over screen: Rect, progress: Double = 1, dimming: Bool = true, _ ctx: RenderContext,
                       _ buffer: inout Buffer) -> Rect {
        buffer.clearClickTargets() // modal: nothing beneath stays clickable
        if dimming { dimBackdrop(screen, ctx, &buffer) }
        let w = min(maxWidth, screen.width)
        let h = min(height, screen.height)
        let shown = Int((Double(h) * min(1, max(0, progress))).rounded(.up))
        let rect = Rect(x: screen.x + (screen.width - w) / 2, y: screen.maxY - shown, width: w, height: h)
        let visible = rect.intersection(screen)
        let t = ctx.theme, g = ctx.glyphs
        clearAround(visible, .borders, within: screen, ctx, &buffer)
        buffer.fill(visible, style: t.fill(.surfaceRaised))
        guard visible.width >= 4, visible.height >= 1 else { return Rect(x: visible.x, y: visible.y, width: 0, height: 0) }
        // A full border with the title on top, so the sheet's lines never run into the boxes behind it.
        let border = t.text(.focus, .bold)
        // The top row is on screen (`visible` is not empty) and the sheet no wider than the screen: no clip.
        buffer.write(g.topLeft, repeating: g.horizontal, count: rect.width - 2, g.topRight, x: rect.x, y: rect.y, style: border)
        buffer.write(" " + TextWidth.truncate(title, to: max(0, rect.width - 6)) + " ", x: rect.x + 2, y: rect.y,
                     style: border, clip: visible)
        for y in (rect.y + 1)..<max(rect.y + 1, visible.maxY) {
            buffer.write(g.vertical, x: rect.x, y: y, style: border, clip: visible)
            buffer.write(g.vertical, x: rect.maxX - 1, y: y, style: border, clip: visible)
        }
        if rect.height >= 2, rect.maxY <= visible.maxY {
            buffer.write(g.bottomLeft, repeating: g.horizontal, count: rect.width - 2, g.bottomRight, x: rect.x, y: rect.maxY - 1,
                         style: border)
        }
        return rect.inset(top: 1, left: 2, bottom: rect.height >= 2 ? 1 : 0, right: 2).intersection(visible)
    }
}

/// A centered dialog box over a dimmed screen. Returns the content area.
public struct Dialog {
    public var title: String
    public var width: Int
    public var height: Int

    public init(title: String, width: Int, height: Int) {
        self.title = title
        self.width = width
        self.height = height
    }

    /// What is blanked in the cells just outside the dialog (their dimmed colours kept).
    public enum Clearance: Sendable {
        /// Pieces of borders: the dialog's never runs into a card's behind it (`╰╰──╯╯`, `──│`); words stay.
        case borders
        /// Everything: a clear gap all round, for a dialog inside a card (words cut at its edge read as noise).
        case ring
    }

    /// `dimming: false`: `buffer` holds the dimmed screen already (`dimmedBackdrop`).
    @discardableResult
    public func render(over screen: Rect, dimming: Bool = true, clearance: Clearance = .ring, _ ctx: RenderContext,
                       _ buffer: inout Buffer) -> Rect {
        if dimming { dimmedBackdrop(screen, ctx, &buffer) }
        let rect = screen.centered(width: width, height: height)
        clearAround(rect, clearance, within: screen, ctx, &buffer)
        return Card(title: title, focused: true, fill: .surfaceRaised).render(in: rect, ctx, &buffer)
    }
}

/// Lines, corners and tees of a frame (not a chart's dashed goal line): ─ ━ │ ┃ ┌ ┐ └ ┘ ├ ┤ ┬ ┴ ┼ ╭ ╮ ╯ ╰; + - | without UTF-8.
private let framePieces: Set<UInt32> = [0x2500, 0x2501, 0x2502, 0x2503, 0x250C, 0x2510, 0x2514, 0x2518, 0x251C, 0x2524, 0x252C,
                                        0x2534, 0x253C, 0x256D, 0x256E, 0x256F, 0x2570]
private let asciiFramePieces: Set<UInt32> = [0x2B, 0x2D, 0x7C]

/// Blanks the cells just outside a modal's `rect` (keeping their dimmed colours): with `.borders` the
/// pieces of frames beside or above it only, so its border never runs into a card's behind it
/// (`╰╰──╯╯`, `╭│`) — the ring's corners, which touch it only diagonally, keep theirs (a card's
/// sides on the row just above a sheet stay); with `.ring` everything, but in the first and last
/// rows of `screen` only frame pieces (over the whole screen those are the tab bar and the footer,
/// whose words stay: the footer names the dialog's keys).
func clearAround(_ rect: Rect, _ clearance: Dialog.Clearance, within screen: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
    let ring = Rect(x: rect.x - 1, y: rect.y - 1, width: rect.width + 2, height: rect.height + 2).intersection(screen)
    guard !ring.isEmpty else { return }
    let frame = ctx.glyphs.isUnicode ? framePieces : asciiFramePieces
    func clear(_ x: Int, _ y: Int) {
        let diagonal = (x < rect.x || x >= rect.maxX) && (y < rect.y || y >= rect.maxY)
        if clearance == .borders, diagonal { return }
        let cell = buffer[x, y]
        if clearance == .borders || y == screen.y || y == screen.maxY - 1 {
            guard let scalar = cell.symbol.unicodeScalars.first, cell.symbol.unicodeScalars.count == 1,
                  frame.contains(scalar.value) else { return }
        }
        buffer.setCell(Cell(scalar: " ", style: cell.style), x: x, y: y)
    }
    // The ring's cells only: whole rows above and below `rect`, one cell each side beside it.
    for y in ring.y..<ring.maxY {
        if y < rect.y || y >= rect.maxY {
            for x in ring.x..<ring.maxX { clear(x, y) }
        } else {
            if ring.x < rect.x { clear(ring.x, y) }
            if ring.maxX > rect.maxX { clear(ring.maxX - 1, y) }
        }
    }
}

public enum BannerTone: Sendable { case info, success, warning, danger }

/// A one-line message strip (toasts, refresh failures, file problems).
public struct Banner {
    public var message: String
    public var tone: BannerTone

    public init(_ message: String, tone: BannerTone) {
        self.message = message
        self.tone = tone
    }

    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        guard rect.width > 4, rect.height > 0 else { return }
        let t = ctx.theme, g = ctx.glyphs
        let token: ColorToken
        let icon: String
        switch tone {
        case .info: token = .accent; icon = g.isUnicode ? "ℹ" : "i"
        case .success: token = .success; icon = g.check
        case .warning: token = .warning; icon = "!"
        case .danger: token = .danger; icon = g.cross
        }
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        if t.isMonochrome {
            buffer.fill(row, style: Style(attributes: [.reverse]))
            buffer.write(" \(icon) " + TextWidth.truncate(message, to: rect.width - 4), x: rect.x, y: rect.y, style: Style(attributes: [.reverse, .bold]))
            return
        }
        let bg = t[token].mixed(with: t[.surface], 0.85)
        buffer.fill(row, style: Style(fg: t[.textPrimary], bg: bg))
        buffer.write(" \(icon) ", x: rect.x, y: rect.y, style: Style(fg: t[token], bg: bg, attributes: [.bold]))
        buffer.write(TextWidth.truncate(message, to: rect.width - 4), x: rect.x + 3, y: rect.y, style: Style(fg: t[.textPrimary], bg: bg))
    }
}

/// A placeholder block for content that is loading, with a light band sweeping across.
public struct Skeleton {
    public init() {}

    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        guard !rect.isEmpty else { return }
        let t = ctx.theme
        if t.isMonochrome {
            buffer.fill(rect, symbol: ctx.glyphs.blockLight, style: Style(attributes: [.dim]))
            return
        }
        let period = 1.6
        let band = ctx.reduceMotion ? -100.0
            : (ctx.time.truncatingRemainder(dividingBy: period) / period) * Double(rect.width + 12) - 6
        for x in rect.x..<rect.maxX {
            let distance = abs(Double(x - rect.x) - band)
            let shine = max(0, 1 - distance / 6)
            let color = t[.skeleton].mixed(with: t[.skeletonShine], shine)
            buffer.fill(Rect(x: x, y: rect.y, width: 1, height: rect.height), style: Style(fg: color, bg: color))
        }
    }
}

/// How many rows (or entries) of a list are out of view above and below it, "↑ 2  ↓ 10" ("^ 2  v 10"
/// without UTF-8): one mark for every overlay that scrolls (help, the palette). Arrows, not ▲/▼,
/// which say "higher/lower than usual" beside a metric. nil when everything is in view.
public enum ScrollMark {
    /// "More above" / "more below": arrows, not ▲/▼ (which say "higher/lower than usual" on Scores).
    public static func up(_ glyphs: Glyphs) -> String { glyphs.isUnicode ? "↑" : "^" }
    public static func down(_ glyphs: Glyphs) -> String { glyphs.isUnicode ? "↓" : "v" }

    public static func text(above: Int, below: Int, _ glyphs: Glyphs) -> String? {
        guard above > 0 || below > 0 else { return nil }
        let up = up(glyphs), down = down(glyphs)
        return [above > 0 ? "\(up) \(above)" : nil, below > 0 ? "\(down) \(below)" : nil].compactMap { $0 }.joined(separator: "  ")
    }
}

/// A help panel: sections of key bindings, generated from the binding tables.
/// Flows into two columns when that makes it fit; otherwise it scrolls
/// (`scroll` rows down, with ↑/↓ marks saying there is more).
public struct HelpOverlay {
    public struct Entry: Sendable, Equatable {
        public var keys: String
        public var action: String
        public init(keys: String, action: String) { self.keys = keys; self.action = action }
    }
    public struct Section: Sendable, Equatable {
        public var title: String
        public var entries: [Entry]
        public init(title: String, entries: [Entry]) { self.title = title; self.entries = entries }
    }

    public var title: String
    public var sections: [Section]
    public var footer: String
    public var scroll: Int

    public init(title: String, sections: [Section], footer: String, scroll: Int = 0) {
        self.title = title
        self.sections = sections
        self.footer = footer
        self.scroll = scroll
    }

    /// A line of the panel: a section's title, an entry's keys and the first line of its words, a
    /// further line of words (`keys` nil) where they do not fit beside the keys, or a blank.
    private enum Row { case title(String), entry(keys: String?, keysWidth: Int, action: String), gap }

    /// The panel's lines for a column `columnWidth` wide: an entry's words wrap under themselves,
    /// never cut ("Page up/down, top/bot…" at 48 columns).
    private func rows(columnWidth: Int, keyWidth: Int) -> [Row] {
        var rows: [Row] = []
        for (i, section) in sections.enumerated() {
            if i > 0 { rows.append(.gap) }
            rows.append(.title(section.title))
            for entry in section.entries {
                // Keys are never cut (they are what help is for): a longer list pushes its words right.
                let keysWidth = max(keyWidth, min(columnWidth, TextWidth.of(entry.keys)))
                let room = columnWidth - keysWidth - 2
                let lines = TextWidth.of(entry.action) <= room ? [entry.action]
                    : room >= 8 ? TextWidth.wrap(entry.action, to: room) : [TextWidth.truncate(entry.action, to: max(0, room))]
                for (n, line) in (lines.isEmpty ? [""] : lines).enumerated() {
                    rows.append(.entry(keys: n == 0 ? entry.keys : nil, keysWidth: keysWidth, action: line))
                }
            }
        }
        return rows
    }

    private struct Layout {
        var columns: Int
        var perColumn: Int
        var width: Int
        var height: Int
        var keyWidth: Int
        /// Rows of entries visible in one column (scrolling when fewer than the rows).
        var visible: Int
        /// Columns of one column of entries, and its lines.
        var columnWidth: Int
        var rows: [Row]
    }

    private func layout(_ screen: Rect) -> Layout {
        let entries = sections.flatMap(\.entries)
        // Wide enough for every key list help shows, ASCII's spelled-out arrows too
        // ("Left/h/Right/l/Up/k/Down/j" is 26): a longer one would push its action out of line.
        let keyWidth = min(26, entries.map { TextWidth.of($0.keys) }.max() ?? 4)
        let actionWidth = entries.map { TextWidth.of($0.action) }.max() ?? 10
        let count = max(0, sections.count * 2 - 1) + entries.count
        let columnWidth = max(32, keyWidth + actionWidth + 5)
        let fitRows = max(1, screen.height - 1 - 4) // borders, a blank line and the footer
        let twoFit = screen.width - 2 >= 2 * columnWidth + 7 && (count + 1) / 2 <= fitRows
        let columns = count > fitRows && twoFit ? 2 : 1
        let needed = min(screen.width - 2, max(36, columns * columnWidth + (columns - 1) * 3 + 4))
        // Nearly as wide as the cards behind it: as wide as them, over their borders, rather than a
        // column or two of their edges left beside its own (`╭ │`, `│ │`).
        let width = screen.width - needed <= 8 ? screen.width - 2 : needed
        // The card's inner width is 4 less than its own (borders and a column of padding each side).
        let inner = max(0, width - 4)
        let colWidth = columns == 2 ? (inner - 3) / 2 : inner
        let rows = rows(columnWidth: colWidth, keyWidth: keyWidth)
        let perColumn = columns == 2 ? (rows.count + 1) / 2 : rows.count
        let height = min(screen.height - 1, perColumn + 4)
        return Layout(columns: columns, perColumn: perColumn, width: width, height: height, keyWidth: keyWidth,
                      visible: max(1, height - 4), columnWidth: colWidth, rows: rows)
    }

    /// Where the panel is drawn on `screen`: nothing outside it changes.
    public func box(on screen: Rect) -> Rect {
        let l = layout(screen)
        return screen.centered(width: l.width, height: l.height)
    }

    /// How far the panel can scroll on a screen this size (0 when everything shows).
    public func maxScroll(on screen: Rect) -> Int {
        maxScroll(layout(screen))
    }

    private func maxScroll(_ l: Layout) -> Int {
        l.columns == 1 ? max(0, l.perColumn - l.visible) : 0
    }

    public func render(over screen: Rect, dimming: Bool = true, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let t = ctx.theme
        let l = layout(screen)
        let inner = Dialog(title: title, width: l.width, height: l.height).render(over: screen, dimming: dimming, ctx, &buffer)
        guard inner.height > 0 else { return }
        let all = l.rows
        let offset = min(max(0, scroll), maxScroll(l))
        let bottom = inner.maxY - 2
        let colWidth = l.columnWidth
        for column in 0..<l.columns {
            let slice = l.columns == 2 ? Array(all.dropFirst(column * l.perColumn).prefix(l.perColumn)) : Array(all.dropFirst(offset))
            let x = inner.x + column * (colWidth + 3)
            var y = inner.y
            for row in slice {
                if y >= bottom { break }
                switch row {
                case .gap: break
                case .title(let text):
                    buffer.write(TextWidth.truncate(text, to: colWidth), x: x, y: y, style: Typography.headline.style(t))
                case .entry(let keys, let keysWidth, let action):
                    if let keys {
                        buffer.write(TextWidth.pad(TextWidth.truncate(keys, to: keysWidth), to: keysWidth), x: x, y: y,
                                     style: t.text(.textPrimary, .bold))
                    }
                    buffer.write(action, x: x + keysWidth + 2, y: y, style: Typography.caption.style(t))
                }
                y += 1
            }
        }
        var hint = footer
        let hidden = all.count - offset - max(0, bottom - inner.y)
        if let mark = ScrollMark.text(above: offset, below: hidden, ctx.glyphs) { hint = mark + " · " + footer }
        buffer.write(TextWidth.truncate(hint, to: inner.width), x: inner.x, y: inner.maxY - 1, style: Typography.hint.style(t))
    }
}
