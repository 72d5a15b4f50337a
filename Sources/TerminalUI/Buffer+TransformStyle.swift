extension Buffer {
    /// Changes the style of every cell in a rectangle with `transform`, which must depend on
    /// the style alone (the same style always gives the same result: the dimmed backdrop
    /// under help, the palette and sheets; a style layered over a rect). A screen holds a
    /// few dozen styles in runs: the transform is asked once per run, and the last few styles
    /// it was asked about are kept, so a row that alternates between a card's border and its
    /// fill asks no more; no call through a closure for each of the 12,000 cells of a frame.
    public mutating func transformStyle(in rect: Rect, _ transform: (Style) -> Style) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let width = size.width
        // The last styles asked about and their results, most recent first.
        var kept: [(from: Style, to: Style)] = []
        kept.reserveCapacity(Self.keptStyles)
        withMutableCells { cells in
            var from = cells[r.y * width + r.x].style
            var to = transform(from)
            kept.append((from, to))
            for y in r.y..<r.maxY {
                for i in (y * width + r.x)..<(y * width + r.maxX) {
                    let style = cells[i].style
                    if style != from {
                        if let found = kept.firstIndex(where: { $0.from == style }) {
                            to = kept[found].to
                            if found > 0 { kept.swapAt(found, found - 1) }
                        } else {
                            to = transform(style)
                            if kept.count == Self.keptStyles { kept.removeLast() }
                            kept.insert((style, to), at: 0)
                        }
                        from = style
                    }
                    cells[i].style = to
                }
            }
        }
    }

    /// How many distinct styles `transformStyle` keeps beside the current run's.
    static let keptStyles = 8
}
