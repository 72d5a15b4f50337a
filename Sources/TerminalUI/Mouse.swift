/// A mouse event in cell coordinates (0-based, from the top left).
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, release, drag, wheelUp, wheelDown }
    public var kind: Kind
    /// 0 left, 1 middle, 2 right (for press, release and drag).
    public var button: Int
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, button: Int = 0, x: Int, y: Int) {
        self.kind = kind
        self.button = button
        self.x = x
        self.y = y
    }

    public var point: Point { Point(x: x, y: y) }
    public var isClick: Bool { kind == .press && button == 0 }
}

/// Decodes the terminal's mouse reports that reach us as raw input:
/// SGR (`ESC [ < b ; x ; y M|m`, any width) and X10 (`ESC [ M b x y`, up to 223 columns).
enum MouseDecoder {
    /// `start` is the index just after `ESC [`. Returns the event (nil for one we
    /// don't use) and the index after the report, or nil when this is no mouse report.
    static func decode(_ inputs: [RawInput], from start: Int) -> (MouseEvent?, Int)? {
        guard start < inputs.count, case .scalar(let first) = inputs[start] else { return nil }
        if first == UInt32(UInt8(ascii: "<")) { return sgr(inputs, from: start + 1) }
        if first == UInt32(UInt8(ascii: "M")) { return x10(inputs, from: start + 1) }
        return nil
    }

    private static func sgr(_ inputs: [RawInput], from start: Int) -> (MouseEvent?, Int)? {
        var numbers: [Int] = [], current = 0, digits = 0, valid = true
        var j = start
        while j < inputs.count, case .scalar(let c) = inputs[j] {
            j += 1
            switch c {
            case 0x30...0x39:
                // Absurd coordinates are read to the end of the report, then dropped.
                if digits >= 6 { valid = false } else { current = current * 10 + Int(c - 0x30) }
                digits += 1
            case 0x3B:
                numbers.append(current); current = 0; digits = 0
            case 0x4D, 0x6D: // M press/drag/wheel, m release
                numbers.append(current)
                guard valid, numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return (nil, j) }
                return (event(code: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1, release: c == 0x6D), j)
            default:
                return (nil, j)
            }
        }
        return (nil, j)
    }

    private static func x10(_ inputs: [RawInput], from start: Int) -> (MouseEvent?, Int)? {
        guard start + 2 < inputs.count,
              case .scalar(let b) = inputs[start], case .scalar(let x) = inputs[start + 1], case .scalar(let y) = inputs[start + 2],
              b >= 32, x >= 33, y >= 33 else { return (nil, min(inputs.count, start + 3)) }
        let code = Int(b) - 32
        let release = code & 3 == 3 && code & 64 == 0
        return (event(code: code, x: Int(x) - 33, y: Int(y) - 33, release: release), start + 3)
    }

    static func event(code: Int, x: Int, y: Int, release: Bool) -> MouseEvent? {
        guard x >= 0, y >= 0 else { return nil }
        if code & 64 != 0 {
            switch code & 3 {
            case 0: return MouseEvent(.wheelUp, x: x, y: y)
            case 1: return MouseEvent(.wheelDown, x: x, y: y)
            default: return nil
            }
        }
        let button = code & 3
        if release { return MouseEvent(.release, button: button == 3 ? 0 : button, x: x, y: y) }
        if code & 32 != 0 { return button == 3 ? nil : MouseEvent(.drag, button: button, x: x, y: y) }
        return button == 3 ? nil : MouseEvent(.press, button: button, x: x, y: y)
    }
}
