import TerminalUI

/// What the frame on screen was drawn as, kept by the run loop between frames
/// (`AppView.render`): the screen alone, or the dimmed screen with help or the
/// palette on it. While the screen under it is unchanged (`AppModel.screenRevision`),
/// an overlay that opens is drawn over the frame on screen (dimmed above its footer,
/// which is drawn again with the overlay's keys), and one that stays open over the
/// dimmed frame, its box drawn again.
public struct OverlayBackdrop {
    enum Overlay { case help, palette }

    /// nil: the frame is the screen with no overlay.
    let overlay: Overlay?
    /// `AppModel.screenRevision` when it was drawn.
    let revision: UInt64
    let size: Size
    let themeName: String
    /// Where the overlay's box was.
    let box: Rect?

    init(_ overlay: Overlay?, _ model: AppModel, box: Rect?) {
        self.overlay = overlay
        revision = model.screenRevision
        size = model.size
        themeName = model.themeName
        self.box = box
    }

    /// Whether `shown` (the frame on screen) is the dimmed screen `model` draws `overlay` over,
    /// with its box in `box`.
    func holds(_ overlay: Overlay, box: Rect, _ model: AppModel, shown: Buffer) -> Bool {
        overlay == self.overlay && box == self.box && isCurrent(model, shown: shown)
    }

    /// Whether `shown` is the screen `model` draws, with no overlay on it.
    func holdsScreen(_ model: AppModel, shown: Buffer) -> Bool {
        overlay == nil && isCurrent(model, shown: shown)
    }

    private func isCurrent(_ model: AppModel, shown: Buffer) -> Bool {
        revision == model.screenRevision && size == model.size && themeName == model.themeName && shown.size == model.size
    }
}
