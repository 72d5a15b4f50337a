/// The drawing characters the UI uses. A UTF-8 terminal gets box drawing and
/// block elements; anything else gets an ASCII set instead of mojibake.
public struct Glyphs: Sendable, Equatable {
    public var horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String
    public var heavyHorizontal: String
    public var blockFull, blockLight, blockShade: String
    /// Eighths of a cell, for smooth progress bars: index 1...7.
    public var horizontalEighths: [String]
    /// Eighths of a cell height, for bar charts: index 1...7.
    public var verticalEighths: [String]
    public var ellipsis, bullet, check, cross, arrowUp, arrowDown, arrowRight, dot, sparkle, diamond, lock: String
    public var isUnicode: Bool

    public static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        heavyHorizontal: "━",
        blockFull: "█", blockLight: "░", blockShade: "▒",
        horizontalEighths: ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"],
        verticalEighths: ["", "▁", "▂", "▃", "▄", "▅", "▆", "▇"],
        ellipsis: "…", bullet: "•", check: "✓", cross: "✗", arrowUp: "▲", arrowDown: "▼", arrowRight: "›",
        dot: "·", sparkle: "✦", diamond: "◆", lock: "⊘", isUnicode: true)

    public static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        heavyHorizontal: "=",
        blockFull: "#", blockLight: ".", blockShade: ":",
        horizontalEighths: ["", "", "", "", "", "", "", ""],
        // A bar's top cell when partly filled: "=" from half a cell, "_" below (a full cell is "#",
        // so a bar short of a row's top never reads as one that reaches it).
        verticalEighths: ["", "_", "_", "_", "=", "=", "=", "="],
        ellipsis: "...", bullet: "*", check: "v", cross: "x", arrowUp: "^", arrowDown: "v", arrowRight: ">",
        dot: ".", sparkle: "*", diamond: "*", lock: "x", isUnicode: false)
}
