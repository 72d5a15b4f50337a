extension String {
    /// The text cut or padded with spaces to `length` characters (Foundation's
    /// `padding(toLength:withPad: " ", startingAt: 0)`).
    public func padded(toLength length: Int) -> String {
        count >= length ? String(prefix(length)) : self + String(repeating: " ", count: length - count)
    }
}
