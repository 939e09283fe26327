import MarkupEditor
import MarkupModel

/// The tool a page picked, from its message.
enum ToolChoice {
    static func tool(from message: ClientMessage.ToolSettings) throws(EditorError) -> Tool {
        switch message.tool {
        case .eraser:
            let width = message.width ?? 20
            try MarkupController.checkStyle(width: width, opacity: nil)
            return .eraser(message.eraser ?? .vector, width: width)
        case .lasso:
            return .lasso
        case .select:
            return .selection
        case .ink(let type):
            var color = try self.color(message.color) ?? .black
            if let opacity = message.opacity {
                guard opacity.isFinite, (0...1).contains(opacity) else { throw .invalidGeometry("opacity must be 0–1") }
                color.alpha = opacity
            }
            var ink = Ink(type, color: color)
            if let width = message.width {
                guard width.isFinite, width > 0 else { throw .invalidGeometry("the ink width must be positive") }
                ink = Ink(type, color: color, width: width)
            }
            return .ink(ink)
        }
    }

    /// `string` set in `style` and `color`, and its alignment, for a text box.
    static func text(_ string: String, style: ClientMessage.TextStyle, color: Color) throws(EditorError) -> (AttributedText, TextAlignment) {
        try checkFont(family: style.family, size: style.size)
        var font = TextFont.body
        if let family = style.family { font.family = family }
        if let size = style.size { font.size = size }
        font.weight = style.bold ? 700 : 400
        font.italic = style.italic
        return (AttributedText(string, font: font, color: color), style.alignment ?? .leading)
    }

    /// Refuses a font family that is not 1–64 printable characters and a size not 1–1000 points.
    static func checkFont(family: String?, size: Double?) throws(EditorError) {
        if let family, !(1...64).contains(family.utf8.count) || !family.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            throw .invalidGeometry("a font family is 1–64 printable characters")
        }
        if let size, !size.isFinite || !(1...1000).contains(size) { throw .invalidGeometry("a font size is 1–1000 points") }
    }

    static func color(_ text: String?) throws(EditorError) -> Color? {
        guard let text else { return nil }
        guard let color = Color(hex: text) else { throw .invalidGeometry("'\(text)' is not a #rrggbb color") }
        return color
    }
}
