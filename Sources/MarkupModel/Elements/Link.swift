/// A link element: a tappable area that opens a URL.
public struct Link: Hashable, Sendable, Codable {
    /// The URL as text, kept exactly as given.
    public var url: String

    /// The longest URL the editor takes, in bytes: browsers and servers commonly stop near 8 KB.
    public static let maximumURLBytes = 8192

    public init(url: String) {
        self.url = url
    }
}
