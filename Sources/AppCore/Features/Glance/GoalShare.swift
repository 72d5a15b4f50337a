/// How much of a goal a value reaches, in five steps: the shades of the Year
/// view's heatmap and glance's progress marks.
public enum GoalShare {
    /// 0: under a quarter (or nothing), 1: a quarter, 2: half, 3: three quarters, 4: the goal reached.
    public static func level(_ value: Double, goal: Double) -> Int {
        guard value.isFinite, value > 0, goal > 0 else { return 0 }
        let share = value / goal
        if share >= 1 { return 4 }
        return min(3, Int(share * 4))
    }

    /// The five shades, lightest first: Unicode blocks, or in ASCII `. : o O @`.
    public static func shades(unicode: Bool) -> [String] {
        unicode ? ["·", "░", "▒", "▓", "█"] : [".", ":", "o", "O", "@"]
    }

    /// The marks a one-line glance uses (a rising bar; ASCII as the shades).
    public static func marks(unicode: Bool) -> [String] {
        unicode ? ["▁", "▃", "▅", "▇", "█"] : [".", ":", "o", "O", "@"]
    }
}
