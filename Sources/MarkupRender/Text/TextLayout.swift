import CCairo
import CPango
import Foundation
import MarkupModel

/// Attributed text laid out by Pango inside a width: the one layout both backends draw, Cairo through
/// Pango itself and SVG as positioned runs, so line breaks are the same everywhere.
final class TextLayout {
    /// One run of glyphs sharing a font and color, placed on its line.
    struct Span {
        var text: String
        /// The left edge of the run and its baseline, from the layout's top-left corner.
        var x: Double
        var baseline: Double
        var width: Double
        var font: TextFont
        var color: Color
        var isRightToLeft: Bool
    }

    let layout: OpaquePointer
    /// The laid-out text's logical size.
    let size: Size
    private let utf8: [UInt8]
    private let runStarts: [Int]
    private let runs: [TextRun]
    /// Pango's runs as positioned spans, for the SVG writer; worked out on first use.
    private(set) lazy var spans: [Span] = collectSpans()

    /// Lays out `text` to wrap at `width` points (no wrapping when nil).
    init(text: AttributedText, width: Double?, alignment: TextAlignment, rightToLeft: Bool, style: ColorStyle) {
        var utf8 = [UInt8]()
        var runStarts = [Int]()
        for run in text.runs {
            runStarts.append(utf8.count)
            utf8.append(contentsOf: run.text.utf8)
        }
        (layout, size) = FontEngine.serialized {
            Self.makeLayout(text: text, utf8: utf8, runStarts: runStarts, width: width, alignment: alignment, rightToLeft: rightToLeft, style: style)
        }
        self.utf8 = utf8
        self.runStarts = runStarts
        runs = text.runs
    }

    deinit {
        FontEngine.serialized { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// A Pango layout of the text and its logical size, made holding the font engine's lock.
    private static func makeLayout(text: AttributedText, utf8: [UInt8], runStarts: [Int], width: Double?, alignment: TextAlignment,
                                   rightToLeft: Bool, style: ColorStyle) -> (OpaquePointer, Size) {
        let layout = pango_layout_new(FontEngine.pangoContext(rightToLeft: rightToLeft))!
        utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                pango_layout_set_text(layout, chars.baseAddress, Int32(chars.count))
            }
        }
        let attributes = pango_attr_list_new()
        for (index, run) in text.runs.enumerated() {
            let start = UInt32(runStarts[index]), end = UInt32(runStarts[index] + run.text.utf8.count)
            Self.insert(pango_attr_family_new(run.font.family), into: attributes, from: start, to: end)
            let size = run.font.size.isFinite ? min(max(run.font.size, 0.1), 4096) : TextFont.body.size
            Self.insert(pango_attr_size_new_absolute(Int32(size * Double(PANGO_SCALE))), into: attributes, from: start, to: end)
            Self.insert(pango_attr_weight_new(PangoWeight(rawValue: UInt32(min(max(run.font.weight, 100), 1000)))), into: attributes, from: start, to: end)
            Self.insert(pango_attr_style_new(run.font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL), into: attributes, from: start, to: end)
            let (red, green, blue, alpha) = style.encoded(run.color)
            func channel(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
            Self.insert(pango_attr_foreground_new(channel(red), channel(green), channel(blue)), into: attributes, from: start, to: end)
            Self.insert(pango_attr_foreground_alpha_new(channel(alpha)), into: attributes, from: start, to: end)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)

        if let width, width.isFinite { pango_layout_set_width(layout, Int32(min(max(width, 1), 1e6) * Double(PANGO_SCALE))) }
        // Pango's word wrapping takes time growing with the square of a word's length when it has to
        // break one that is longer than the box is wide; a text with a very long one is wrapped at
        // any character instead, in time that grows with its length.
        pango_layout_set_wrap(layout, Self.longestWord(in: utf8) > Self.longestWordWrapped ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        // Each paragraph runs the way its first letter that has a direction does (Hebrew and Arabic
        // from the right, aligned at its own start), as a text field typed in does; a layout made
        // right to left throughout keeps that direction for every paragraph.
        pango_layout_set_auto_dir(layout, rightToLeft ? 0 : 1)
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, rightToLeft ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_alignment(layout, rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return (layout, Size(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE)))
    }

    /// The most bytes a word may run to and be wrapped between words: longer, its text wraps at any character.
    static let longestWordWrapped = 1024

    /// The bytes of the longest stretch of `utf8` with no place to break a line: no space, tab or line
    /// break, and no character of three bytes or more (Chinese and Japanese break between their
    /// characters, and emoji stand alone).
    static func longestWord(in utf8: [UInt8]) -> Int {
        var longest = 0, current = 0
        for byte in utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte >= 0xE0 {
                current = 0
            } else {
                current += 1
                longest = max(longest, current)
            }
        }
        return longest
    }

    private static func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, into list: OpaquePointer?, from start: UInt32, to end: UInt32) {
        guard let attribute else { return }
        attribute.pointee.start_index = start
        attribute.pointee.end_index = end
        pango_attr_list_insert(list, attribute)
    }

    /// Walks Pango's runs, line by line, for the SVG writer.
    private func collectSpans() -> [Span] {
        FontEngine.serialized { collectSpansHoldingLock() }
    }

    private func collectSpansHoldingLock() -> [Span] {
        var spans = [Span]()
        guard let iterator = pango_layout_get_iter(layout) else { return spans }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item else { continue }
            let offset = Int(item.pointee.offset), length = Int(item.pointee.length)
            guard offset >= 0, length > 0, offset + length <= utf8.count else { continue }
            var extents = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &extents)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / Double(PANGO_SCALE)
            let runIndex = max(0, (runStarts.lastIndex { $0 <= offset }) ?? 0)
            let text = String(decoding: utf8[offset..<(offset + length)], as: UTF8.self)
            let visible = text.trimmingCharacters(in: .newlines)
            guard !visible.isEmpty, runIndex < runs.count else { continue }
            spans.append(Span(
                text: visible, x: Double(extents.x) / Double(PANGO_SCALE), baseline: baseline,
                width: Double(extents.width) / Double(PANGO_SCALE), font: runs[runIndex].font, color: runs[runIndex].color,
                isRightToLeft: item.pointee.analysis.level % 2 == 1))
        } while pango_layout_iter_next_run(iterator) != 0
        return spans
    }
}
