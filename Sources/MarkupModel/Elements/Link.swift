/// A link element: a tappable area that opens a URL.
public struct Link: Hashable, Sendable, Codable {
    /// The URL as text, kept exactly as given.
    public var url: String

    public init(url: String) {
        self.url = url
    }
}
