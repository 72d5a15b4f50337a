/// A rectangle of cells kept as runs of equal neighbours, in row order: a part of a frame
/// kept between frames (`RenderMemo`) in a fraction of its cells' memory — a screen's parts
/// are mostly blanks, fills and rules (Nutrition's list at 200×60: 11,088 cells, 16 bytes
/// each, in a few hundred runs).
public struct PackedCells: Sendable {
    public private(set) var size = Size(width: 0, height: 0)
    /// Each run's cell…
    private var runs: [Cell] = []
    /// …and the index (row-major, in the rectangle) just after its last cell.
    private var ends: [Int32] = []

    public init() {}

    /// The runs in the rectangle, for tests and for what the memo holds.
    public var runCount: Int { runs.count }

    /// Packs `area` of `buffer` (inside its bounds), in the storage this value has.
    public mutating func pack(_ area: Rect, of buffer: Buffer) {
        runs.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        let area = area.intersection(buffer.bounds)
        size = area.size
        guard !area.isEmpty else { return }
        let width = buffer.size.width
        buffer.cells.withUnsafeBufferPointer { cells in
            guard let base = cells.baseAddress else { return }
            // A run's end is written when the next one starts (and the last at the end).
            var run = base + area.y * width + area.x
            runs.append(run.pointee)
            var index: Int32 = 0
            for y in area.y..<area.maxY {
                let row = base + y * width + area.x
                for i in 0..<area.width where !Cell.sameBits(row + i, run) {
                    ends.append(index + Int32(i))
                    run = row + i
                    runs.append(run.pointee)
                }
                index += Int32(area.width)
            }
            ends.append(index)
        }
    }

    /// The cells run by run: `body(cell, first, end)` with the run's indices in the rectangle.
    func forEachRun(_ body: (Cell, Int, Int) -> Void) {
        var start = 0
        for (cell, end) in zip(runs, ends) {
            body(cell, start, Int(end))
            start = Int(end)
        }
    }
}

public extension Buffer {
    /// The same cells as `copyCells(from:…)` of the buffer `packed` was packed from, at (x, y):
    /// each cell set as `setCell` sets it, in row order (a cell outside this buffer is left out).
    mutating func copyCells(from packed: PackedCells, toX x: Int, toY y: Int) {
        let width = packed.size.width
        guard width > 0 else { return }
        let size = self.size
        withMutableCells { to in
            packed.forEachRun { cell, first, end in
                var i = first
                while i < end {
                    let row = i / width, column = i % width
                    let count = min(end - i, width - column)
                    defer { i += count }
                    let ty = y + row, tx = x + column
                    guard ty >= 0, ty < size.height else { continue }
                    // The stretch inside this row, every cell it covers one column wide (`put` repairs
                    // nothing then): the cell stored as it is.
                    if tx >= 0, tx + count <= size.width {
                        let start = ty * size.width + tx
                        var plain = true
                        for j in start..<(start + count) where to[j].width != 1 { plain = false; break }
                        if plain {
                            UnsafeMutableBufferPointer(rebasing: to[start..<(start + count)]).update(repeating: cell)
                            continue
                        }
                    }
                    for dx in 0..<count where tx + dx >= 0 && tx + dx < size.width {
                        Self.put(cell, at: ty * size.width + tx + dx, x: tx + dx, width: size.width, to)
                    }
                }
            }
        }
    }
}
