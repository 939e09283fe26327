/// The most any importer reads, so a hostile file costs bounded memory and time.
enum InterchangeLimits {
    /// Bytes of XML or JSON, after a Xournal++ file's gzip is undone.
    static let maximumTextBytes = 512 << 20
    /// Elements of one document.
    static let maximumElements = 1_000_000
    /// Pages of one Xournal++ document (as for a PDF background).
    static let maximumPages = 10_000
}
