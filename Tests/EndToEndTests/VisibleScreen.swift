/// What a person sees of a `tmux capture-pane -e` capture: each line's characters with the
/// colours and attributes that show. tmux writes the pen each character was drawn with; a
/// blank's foreground, bold, dim and italic do not show (only its background, underline and
/// reverse video do), and a full block in a colour shows what a blank in that colour shows.
/// The frame encoder leaves a blank in whatever foreground the pen has (it sends no change
/// for it) and sends long runs of full blocks as blanks, so two captures of one screen are
/// compared as seen.
struct VisibleScreen: Equatable, CustomStringConvertible {
    struct Cell: Equatable {
        var text: Character
        /// SGR attribute numbers in force that show on this cell (1, 2, 3, 4, 7).
        var attributes: [Int]
        var fg: String
        var bg: String
    }
    var lines: [[Cell]]

    init(capture: String) {
        var attributes = Set<Int>(), fg = "default", bg = "default"
        lines = []
        for line in capture.split(separator: "\n", omittingEmptySubsequences: false) {
            var cells: [Cell] = []
            let chars = Array(line)
            var i = 0
            while i < chars.count {
                if chars[i] == "\u{1B}", i + 1 < chars.count, chars[i + 1] == "[" {
                    var j = i + 2, parameters = ""
                    while j < chars.count, !chars[j].isLetter { parameters.append(chars[j]); j += 1 }
                    if j < chars.count, chars[j] == "m" {
                        Self.apply(parameters, &attributes, &fg, &bg)
                    }
                    i = j + 1
                    continue
                }
                cells.append(Self.seen(chars[i], attributes, fg, bg))
                i += 1
            }
            // tmux leaves a line's trailing blanks out when their foreground is the default, whatever
            // their background (its capture is lossy there): trailing blanks are not compared.
            while let last = cells.last, last.text == " ", last.attributes.isEmpty { cells.removeLast() }
            lines.append(cells)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
    }

    private static func apply(_ parameters: String, _ attributes: inout Set<Int>, _ fg: inout String, _ bg: inout String) {
        let numbers = parameters.isEmpty ? [0] : parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var k = 0
        while k < numbers.count {
            let n = numbers[k]
            switch n {
            case 0: attributes = []; fg = "default"; bg = "default"
            case 1, 2, 3, 4, 5, 7, 8, 9: attributes.insert(n)
            case 22: attributes.remove(1); attributes.remove(2)
            case 23: attributes.remove(3)
            case 24: attributes.remove(4)
            case 25: attributes.remove(5)
            case 27: attributes.remove(7)
            case 30...37, 90...97: fg = "\(n)"
            case 40...47, 100...107: bg = "\(n - 10)"
            case 39: fg = "default"
            case 49: bg = "default"
            case 38, 48:
                var colour = "default"
                if k + 2 < numbers.count, numbers[k + 1] == 5 {
                    colour = "5;\(numbers[k + 2])"
                    k += 2
                } else if k + 4 < numbers.count, numbers[k + 1] == 2 {
                    colour = "2;\(numbers[k + 2]);\(numbers[k + 3]);\(numbers[k + 4])"
                    k += 4
                }
                if n == 38 { fg = colour } else { bg = colour }
            default: break
            }
            k += 1
        }
    }

    /// Colours are named as written (`5;78`, `32`; a background by its foreground's number),
    /// so a block's colour and a blank's background compare.
    private static func seen(_ c: Character, _ attributes: Set<Int>, _ fg: String, _ bg: String) -> Cell {
        let marks = attributes.intersection([4, 7])
        if c == " ", marks.isEmpty { return Cell(text: " ", attributes: [], fg: "-", bg: bg) }
        if c == "█", fg != "default", attributes.isDisjoint(with: [2, 3, 4, 7]) {
            return Cell(text: " ", attributes: [], fg: "-", bg: fg)
        }
        return Cell(text: c, attributes: attributes.sorted(), fg: fg, bg: bg)
    }

    var description: String {
        lines.enumerated().map { n, cells in
            "\(n): " + cells.map { "\($0.text)" }.joined()
        }.joined(separator: "\n")
    }

    /// The first place two screens differ, for a failure message.
    func firstDifference(from other: VisibleScreen) -> String? {
        for row in 0..<max(lines.count, other.lines.count) {
            let a = row < lines.count ? lines[row] : [], b = row < other.lines.count ? other.lines[row] : []
            for col in 0..<max(a.count, b.count) {
                let x = col < a.count ? a[col] : nil, y = col < b.count ? b[col] : nil
                if x != y { return "row \(row), character \(col): \(x.map { "\($0)" } ?? "nothing") vs \(y.map { "\($0)" } ?? "nothing")" }
            }
        }
        return nil
    }
}
