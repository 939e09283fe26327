import MarkupModel

/// A tldraw text: its plain `text` (before tldraw 3.10) or its `richText`, a TipTap document of
/// paragraphs, headings and lists whose words may be bold or italic, as MarkupKit's runs: one line
/// a block, list items after a bullet or their number, headings bold.
enum TldrawRichText {
    /// The text of `props` in `font` and `color`; nil when it has none.
    static func text(of props: JSONNode?, font: TextFont, color: Color) -> AttributedText? {
        var writer = Writer(font: font, color: color)
        if let rich = props?["richText"], rich.isObject {
            writer.blocks(rich["content"]?.children ?? [], prefix: nil)
        } else if let plain = props?["text"]?.string {
            writer.append(plain, bold: false, italic: false)
        }
        let text = AttributedText(runs: writer.runs)
        return text.string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }

    private struct Writer {
        let font: TextFont, color: Color
        var runs: [TextRun] = []
        private var wroteBlock = false

        init(font: TextFont, color: Color) {
            (self.font, self.color) = (font, color)
        }

        mutating func append(_ text: String, bold: Bool, italic: Bool) {
            guard !text.isEmpty else { return }
            var styled = font
            if bold { styled.weight = 700 }
            if italic { styled.italic = true }
            if let last = runs.last, last.font == styled {
                runs[runs.count - 1].text += text
            } else {
                runs.append(TextRun(text, font: styled, color: color))
            }
        }

        /// Block nodes one a line; the first starts after `prefix` (a list item's bullet).
        mutating func blocks(_ nodes: [JSONNode], prefix: String?) {
            for (index, node) in nodes.enumerated() {
                switch node["type"]?.string {
                case "bulletList", "orderedList":
                    let ordered = node["type"]?.string == "orderedList"
                    let start = Int(exactly: (node["attrs"]?["start"]?.number ?? 1).rounded(.towardZero)) ?? 1
                    for (number, item) in (node["content"]?.children ?? []).enumerated() {
                        let bullet = ordered ? "\(start &+ number). " : "• "
                        blocks(item["content"]?.children ?? [], prefix: bullet)
                    }
                default:
                    if wroteBlock { append("\n", bold: false, italic: false) }
                    wroteBlock = true
                    if index == 0, let prefix { append(prefix, bold: false, italic: false) }
                    inline(node["content"]?.children ?? [], bold: node["type"]?.string == "heading")
                }
            }
        }

        private mutating func inline(_ nodes: [JSONNode], bold: Bool) {
            for node in nodes {
                switch node["type"]?.string {
                case "text":
                    let marks = Set((node["marks"]?.children ?? []).compactMap { $0["type"]?.string })
                    append(node["text"]?.string ?? "", bold: bold || marks.contains("bold"), italic: marks.contains("italic"))
                case "hardBreak":
                    append("\n", bold: false, italic: false)
                default:
                    // A block inside a line (a list in a list item): its words on lines of their own.
                    if node["content"] != nil { blocks([node], prefix: nil) }
                }
            }
        }
    }
}
