/// A key press, decoded from whatever the terminal sent.
public enum Key: Hashable, Sendable {
    case char(Character)
    case ctrl(Character)      // Ctrl + letter, lowercased ("c" for Ctrl-C)
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)
    case mouse(MouseEvent)
    case unknown

    /// A short label for key hints and the help overlay.
    public var label: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-" + c.uppercased()
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let n): return "F\(n)"
        case .mouse: return "Mouse"
        case .unknown: return "?"
        }
    }
}

/// What the backend reads from the terminal before decoding: a Unicode scalar or
/// a key the terminal library already recognised.
public enum RawInput: Hashable, Sendable {
    case scalar(UInt32)
    case key(Key)
}

/// Turns raw input into keys. Input that arrives together is decoded together,
/// which is how Esc is told from Alt: Esc followed at once by a character is Alt.
/// Unrecognised escape sequences (CSI/SS3) are swallowed instead of being typed.
public enum KeyDecoder {
    public static func decode(_ inputs: [RawInput]) -> [Key] {
        var keys: [Key] = []
        var i = 0
        var pendingText = String.UnicodeScalarView()

        func flushText() {
            guard !pendingText.isEmpty else { return }
            for ch in String(pendingText) { keys.append(.char(ch)) }
            pendingText.removeAll()
        }

        while i < inputs.count {
            switch inputs[i] {
            case .key(let k):
                flushText()
                keys.append(k)
                i += 1
            case .scalar(let v):
                if v == 27 {
                    flushText()
                    i += 1
                    guard i < inputs.count, case .scalar(let next) = inputs[i] else { keys.append(.escape); continue }
                    if next == UInt32(UInt8(ascii: "[")), let (event, after) = MouseDecoder.decode(inputs, from: i + 1) {
                        keys.append(event.map(Key.mouse) ?? .unknown)
                        i = after
                    } else if next == UInt32(UInt8(ascii: "[")) || next == UInt32(UInt8(ascii: "O")) {
                        let csi = next == UInt32(UInt8(ascii: "["))
                        let end = skipEscapeSequence(inputs, from: i + 1, csi: csi)
                        let body = inputs[(i + 1)..<end].compactMap { input -> Character? in
                            if case .scalar(let c) = input, let u = Unicode.Scalar(c) { return Character(u) } else { return nil }
                        }
                        keys.append(namedKey(String(body), csi: csi) ?? .unknown)
                        i = end
                    } else if next == 27 {
                        keys.append(.escape)
                    } else if next >= 0x20, next != 0x7F {
                        // Esc pressed just before another key arrives as ESC + the key, which
                        // terminals also send for Alt+key. The app binds no Alt key: it is Esc
                        // and then the key (closing help and typing `2` both happen).
                        keys.append(.escape)
                    } else {
                        keys.append(.escape)
                    }
                    continue
                }
                if let control = controlKey(v) {
                    flushText()
                    keys.append(control)
                } else if let scalar = Unicode.Scalar(v) {
                    pendingText.append(scalar)
                } else {
                    flushText()
                    keys.append(.unknown)
                }
                i += 1
            }
        }
        flushText()
        return keys
    }

    private static func controlKey(_ v: UInt32) -> Key? {
        switch v {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 0: return .ctrl(" ")
        case 1...26: return .ctrl(Character(Unicode.Scalar(v + 96)!))
        case 28...31: return .unknown
        case 0x80..<0xA0: return .unknown
        default: return nil
        }
    }

    /// The keys terminals send that the terminal library may not know for the
    /// TERM in use: tmux sends Home/End as ESC [1~ / ESC [4~ whatever TERM the
    /// pane declares, xterm as ESC [H / ESC [F or ESC O H / ESC O F, rxvt as
    /// ESC [7~ / ESC [8~. A modifier parameter ("1;5H") keeps the key.
    static func namedKey(_ body: String, csi: Bool) -> Key? {
        guard let final = body.last else { return nil }
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "Z" where csi: return .backTab
        case "~" where csi:
            switch body.dropLast().split(separator: ";").first ?? "" {
            case "1", "7": return .home
            case "4", "8": return .end
            case "2": return .insert
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// Index after a CSI (ESC [ params final) or SS3 (ESC O x) sequence.
    private static func skipEscapeSequence(_ inputs: [RawInput], from start: Int, csi: Bool) -> Int {
        var j = start
        while j < inputs.count, case .scalar(let c) = inputs[j] {
            j += 1
            if !csi { return j }
            if c >= 0x40 && c <= 0x7E { return j }
        }
        return j
    }
}
