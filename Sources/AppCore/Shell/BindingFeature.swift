import TerminalUI

/// A feature whose keys are one binding table: the footer, help and the
/// palette list `bindings`, and a key found there runs `perform`. A feature
/// that also takes typed text, or swallows keys while busy, overrides
/// `handle` and calls `performBound` first.
public protocol BindingFeature: Feature {
    associatedtype Action: Sendable
    func bindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>]
    mutating func perform(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect]
    /// The action `key` runs here; by default the binding's that lists it.
    func action(for key: Key, _ shared: SharedState, _ ctx: AppContext) -> Action?
}

public extension BindingFeature {
    func keyHints(_ shared: SharedState, _ ctx: AppContext) -> [KeyHint] {
        bindings(shared, ctx).map(KeyHint.init)
    }

    func action(for key: Key, _ shared: SharedState, _ ctx: AppContext) -> Action? {
        bindings(shared, ctx).action(for: key)
    }

    /// Runs the action bound to `key`; false when no binding has it.
    mutating func performBound(_ key: Key, _ shared: inout SharedState, _ ctx: AppContext, _ effects: inout [Effect]) -> Bool {
        guard let action = action(for: key, shared, ctx) else { return false }
        effects += perform(action, &shared, ctx)
        return true
    }

    mutating func handle(_ key: Key, _ shared: inout SharedState, _ ctx: AppContext, _ effects: inout [Effect]) -> Bool {
        performBound(key, &shared, ctx, &effects)
    }
}
