import Foundation
import MarkupModel

/// Colours as the formats write them: `#rrggbb`, `#rrggbbaa`, and Xournal's named colours.
enum ColorText {
    /// Xournal's predefined colour names.
    private static let named: [String: String] = [
        "black": "#000000", "blue": "#3333cc", "red": "#ff0000", "green": "#008000", "gray": "#808080",
        "lightblue": "#00c0ff", "lightgreen": "#00ff00", "magenta": "#ff00ff", "orange": "#ff8000",
        "yellow": "#ffff00", "white": "#ffffff",
    ]

    /// The colour `text` names, nil when it is none: hex with 3, 6 or 8 digits, or a Xournal name.
    static func color(_ text: String) -> Color? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let hex = named[trimmed] { return Color(hex: hex) }
        if trimmed.hasPrefix("#"), trimmed.count == 4 {
            let digits = trimmed.dropFirst().map { "\($0)\($0)" }.joined()
            return Color(hex: "#" + digits)
        }
        return Color(hex: trimmed)
    }

    /// `#rrggbbaa` with the alpha always written, as Xournal++ does.
    static func hexWithAlpha(_ color: Color, alpha: Double? = nil) -> String {
        var opaque = color
        opaque.alpha = 1
        let byte = Int((min(max(alpha ?? color.alpha, 0), 1) * 255).rounded())
        return opaque.hex + String(format: "%02x", byte)
    }
}
