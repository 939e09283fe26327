import Foundation

/// How much one render may draw again inside loupes: each loupe draws what lies below it once more,
/// so a document of many loupes over many elements (a hostile file, say) would take minutes. A loupe
/// past the allowance, or with more below it than one loupe may draw, shows its background and rim
/// alone (never part of what is below it). A render is one call: a page's view, an export, a
/// thumbnail; an element's own SVG, sent to a page, is one too.
final class LoupeAllowance: @unchecked Sendable {
    /// The loupes drawn with what they magnify, in a render.
    static let loupes = 256
    /// The elements drawn again inside loupes, in a render.
    static let elements = 200_000
    /// The elements drawn again inside one loupe.
    static let elementsPerLoupe = 20_000

    private let lock = NSLock()
    private var loupesLeft = LoupeAllowance.loupes
    private var elementsLeft = LoupeAllowance.elements

    /// Whether one more loupe may draw what it magnifies; counts it.
    func takeLoupe() -> Bool {
        lock.withLock {
            guard loupesLeft > 0 else { return false }
            loupesLeft -= 1
            return true
        }
    }

    /// Whether `count` more elements may be drawn inside one loupe; counts them.
    func takeElements(_ count: Int) -> Bool {
        lock.withLock {
            guard count <= Self.elementsPerLoupe, count <= elementsLeft else { return false }
            elementsLeft -= count
            return true
        }
    }
}
