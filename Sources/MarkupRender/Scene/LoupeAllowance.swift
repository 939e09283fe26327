import Foundation

/// How much one render may draw again inside loupes: each loupe draws what lies below it once more,
/// so a document of many loupes over many elements (a hostile file, say) would take minutes. Past
/// the allowance a loupe shows its background and rim alone.
final class LoupeAllowance: @unchecked Sendable {
    /// The loupes drawn with what they magnify, in a render.
    static let loupes = 256
    /// The elements drawn again inside loupes, in a render.
    static let elements = 200_000

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

    /// Whether one more element may be drawn inside a loupe; counts it.
    func takeElement() -> Bool {
        lock.withLock {
            guard elementsLeft > 0 else { return false }
            elementsLeft -= 1
            return true
        }
    }
}
