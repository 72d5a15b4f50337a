import TerminalUI

/// What a part of the screen was drawn as last time, and from what: a frame that
/// draws the part again from the same inputs copies those cells instead of drawing
/// them (a cursor moving in Month's chart leaves its badges as they were).
///
/// A part drawn through the memo must draw every cell of its rectangle from its key
/// and the look alone (theme, glyphs, motion, language: each look keeps its own parts,
/// the last two looks are kept, so a theme toggled back finds its parts), only add
/// click targets (they are kept with its cells and added again on a copy), and not
/// move with the animation clock unless the clock is in its key. The run loop owns
/// one memo; without one (snapshots, tests, one-off renders) every part is drawn as usual.
public final class RenderMemo: @unchecked Sendable {
    private struct Entry {
        /// Compared by casting back to the caller's type: no box is made on a frame that copies.
        var key: any Hashable
        var rect: Rect
        /// Its cells, as runs (a part is mostly blanks, fills and rules).
        var cells: PackedCells
        /// The click targets the part added, in the frame's coordinates.
        var targets: [ClickTarget]
    }

    private struct Look: Equatable {
        var theme: Theme
        var glyphs: Glyphs
        var reduceMotion: Bool
        var language: String
    }

    private var entries: [String: Entry] = [:]
    private var look: Look?
    /// The look before, with its parts: a theme toggled twice draws nothing again.
    private var previous: (look: Look, entries: [String: Entry])?
    /// Times each part was copied, and drawn, since the memo was made (for tests).
    public private(set) var copies: [String: Int] = [:]
    public private(set) var draws: [String: Int] = [:]
    public var reused: Int { copies.values.reduce(0, +) }
    public var drawn: Int { draws.values.reduce(0, +) }

    public init() {}

    /// Starts a frame: a look that differs from the last frame's uses the parts drawn in it
    /// when it is the look before that one, else draws every part again.
    public func begin(_ r: RenderContext, language: String) {
        let now = Look(theme: r.theme, glyphs: r.glyphs, reduceMotion: r.reduceMotion, language: language)
        guard look != now else { return }
        let kept = previous?.look == now ? previous?.entries ?? [:] : [:]
        previous = look.map { ($0, entries) }
        entries = kept
        look = now
    }

    /// Draws a part in `rect` with `draw`, or copies what it drew last time when `key` and
    /// `rect` are the same as then.
    public func draw<Key: Hashable>(_ part: String, key: Key, in rect: Rect, _ buffer: inout Buffer,
                                    _ draw: (inout Buffer) -> Void) {
        let area = rect.intersection(buffer.bounds)
        if let entry = entries[part], entry.rect == area, entry.key as? Key == key {
            buffer.copyCells(from: entry.cells, toX: area.x, toY: area.y)
            for target in entry.targets { buffer.addClickTarget(target.rect, target.action) }
            copies[part, default: 0] += 1
            return
        }
        let targetsBefore = buffer.clickTargets.count
        draw(&buffer)
        draws[part, default: 0] += 1
        // A part that took targets away (a modal layer's) is drawn every time: a copy could not take them away.
        guard buffer.clickTargets.count >= targetsBefore, !area.isEmpty else {
            entries[part] = nil
            return
        }
        var cells = entries.removeValue(forKey: part)?.cells ?? PackedCells()
        cells.pack(area, of: buffer)
        entries[part] = Entry(key: key, rect: area, cells: cells, targets: Array(buffer.clickTargets[targetsBefore...]))
    }
}

public extension RenderContext {
    /// `memo.draw`, or `draw` alone when this frame has no memo.
    func memoized<Key: Hashable>(_ part: String, key: Key, in rect: Rect, _ buffer: inout Buffer,
                                 _ draw: (inout Buffer) -> Void) {
        if let memo { memo.draw(part, key: key, in: rect, &buffer, draw) } else { draw(&buffer) }
    }
}
