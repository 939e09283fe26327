import CCairo
import CPango
import Foundation

/// The one lock around everything that may load, draw or free FreeType glyphs: Pango layouts,
/// drawn text, poppler pages, PDF font subsetting and the release of contexts holding fonts.
/// Cairo 1.16 (Debian 12's) closes and reopens FreeType faces shared by every thread without
/// guarding their glyph slot, so two renders drawing text at once could crash the process.
enum FontEngine {
    private static let lock = NSRecursiveLock()

    /// Runs `body` holding the lock: around text, PDF pages drawn by poppler (a whole page at a
    /// time), PDF output's pages and fonts, and the release of a render's context.
    static func serialized<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The Pango context for one base direction, shared by every thread under the lock. The font
    /// map is the process's own and never freed, so no thread's exit releases fonts another draws.
    static func pangoContext(rightToLeft: Bool) -> OpaquePointer {
        serialized { rightToLeft ? contexts.rightToLeft : contexts.leftToRight }
    }

    nonisolated(unsafe) private static let contexts = (leftToRight: makeContext(rightToLeft: false), rightToLeft: makeContext(rightToLeft: true))
    nonisolated(unsafe) private static let fontMap = pango_cairo_font_map_new()

    /// A context with metrics that do not depend on the output: no hinting, 72 dpi (a point is a unit).
    private static func makeContext(rightToLeft: Bool) -> OpaquePointer {
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_base_dir(context, rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        return context
    }
}
