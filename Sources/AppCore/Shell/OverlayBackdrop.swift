import TerminalUI

/// What help or the palette was last drawn over, kept by the run loop between frames
/// (`AppView.render`): while it holds, the frame on screen is the dimmed screen with the
/// overlay's box on it, and the box, which fills its rectangle, is drawn again over it.
public struct OverlayBackdrop {
    enum Overlay { case help, palette }

    let overlay: Overlay
    /// `AppModel.screenRevision` when it was drawn.
    let revision: UInt64
    let size: Size
    let themeName: String
    /// Where the overlay's box was.
    let box: Rect

    init(_ overlay: Overlay, _ model: AppModel, box: Rect) {
        self.overlay = overlay
        revision = model.screenRevision
        size = model.size
        themeName = model.themeName
        self.box = box
    }

    /// Whether `shown` (the frame on screen) is the dimmed screen `model` draws `overlay` over,
    /// with its box in `box`.
    func holds(_ overlay: Overlay, box: Rect, _ model: AppModel, shown: Buffer) -> Bool {
        overlay == self.overlay && box == self.box && revision == model.screenRevision && size == model.size
            && themeName == model.themeName && shown.size == model.size
    }
}
