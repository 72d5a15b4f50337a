/// A text rendering of a Buffer for golden-file tests: the characters, a grid
/// that names each cell's style with a letter, and the legend of those letters.
/// Unlike a plain text snapshot, a change of color or attribute shows up.
public enum Snapshot {
    public static func render(_ buffer: Buffer) -> String {
        var legend: [Style: Character] = [:]
        var order: [Style] = []
        let symbols = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var styleRows: [String] = []
        for y in 0..<buffer.size.height {
            var row = ""
            for x in 0..<buffer.size.width {
                let style = buffer[x, y].style
                if legend[style] == nil {
                    legend[style] = order.count < symbols.count ? symbols[order.count] : "~"
                    order.append(style)
                }
                row.append(legend[style]!)
            }
            styleRows.append(row)
        }
        var out = "size \(buffer.size.width)x\(buffer.size.height)\n"
        out += "--- text\n"
        out += buffer.lines.map { "|" + $0 + "|" }.joined(separator: "\n") + "\n"
        out += "--- styles\n"
        out += styleRows.joined(separator: "\n") + "\n"
        out += "--- legend\n"
        for style in order {
            out += "\(legend[style]!) \(describe(style))\n"
        }
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
