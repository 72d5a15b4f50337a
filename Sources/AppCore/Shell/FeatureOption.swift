import FoundationEssentials

/// A flag one feature owns (Care's `--provider`, Month's `--month`): its line in the
/// option table (`--help`, completions, the man page) and how its value is checked.
/// The parser knows it only through `FeatureRegistry`; the feature reads the value
/// back with `Options.value(of:)`.
public struct FeatureOption: Sendable {
    public let entry: OptionEntry
    /// Why `value` is not accepted (the usage error's words), or nil when it is.
    public let check: @Sendable (_ value: String) -> String?

    public init(_ entry: OptionEntry, check: @escaping @Sendable (_ value: String) -> String? = { _ in nil }) {
        self.entry = entry
        self.check = check
    }
}
