/// A text rendering of a Buffer for golden-file tests: the characters, a grid
/// that names each cell's style with a letter, and the legend of those letters.
/// Unlike a plain text snapshot, a change of color or attribute shows up.
///
/// One screen in several themes is one golden: the text once (it is the same
/// in every theme), then each theme's styles. Style rows are run-length
/// encoded ("12A3B65C": 12 cells of A, 3 of B, 65 of C), so a golden costs
/// about what its text does.
public enum Snapshot {
    /// One buffer, one theme (or none).
    public static func render(_ buffer: Buffer) -> String {
        render([("", buffer)])
    }

    /// The same screen in several themes. Texts that differ between themes
    /// (they should not) are each written under their theme's name.
    public static func render(_ themes: [(name: String, buffer: Buffer)]) -> String {
        guard let first = themes.first else { return "" }
        let size = first.buffer.size
        var out = "size \(size.width)x\(size.height)\n"
        let text = first.buffer.lines.map { "|" + $0 + "|" }.joined(separator: "\n") + "\n"
        out += "--- text\n" + text
        for (name, buffer) in themes {
            let suffix = name.isEmpty ? "" : " " + name
            let own = buffer.lines.map { "|" + $0 + "|" }.joined(separator: "\n") + "\n"
            if own != text || buffer.size != size { out += "--- text\(suffix)\n" + own }
            out += styles(buffer, suffix: suffix)
        }
        return out
    }

    private static func styles(_ buffer: Buffer, suffix: String) -> String {
        var legend: [Style: Character] = [:]
        var order: [Style] = []
        let symbols = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var rows: [String] = []
        for y in 0..<buffer.size.height {
            var row = ""
            var run: (symbol: Character, count: Int)?
            for x in 0..<buffer.size.width {
                let style = buffer[x, y].style
                if legend[style] == nil {
                    legend[style] = order.count < symbols.count ? symbols[order.count] : "~"
                    order.append(style)
                }
                let symbol = legend[style]!
                if let r = run, r.symbol == symbol {
                    run = (symbol, r.count + 1)
                } else {
                    if let r = run { row += "\(r.count)\(r.symbol)" }
                    run = (symbol, 1)
                }
            }
            if let r = run { row += "\(r.count)\(r.symbol)" }
            rows.append(row)
        }
        var out = "--- styles\(suffix)\n" + rows.joined(separator: "\n") + "\n"
        out += "--- legend\(suffix)\n"
        for style in order { out += "\(legend[style]!) \(describe(style))\n" }
        return out
    }

    public static func describe(_ style: Style) -> String {
        var parts = ["fg=\(style.fg?.hex ?? "default")", "bg=\(style.bg?.hex ?? "default")"]
        let names: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"),
                                             (.underline, "underline"), (.reverse, "reverse")]
        for (attr, name) in names where style.attributes.contains(attr) { parts.append(name) }
        return parts.joined(separator: " ")
    }
}
