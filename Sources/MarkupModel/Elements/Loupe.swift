/// A loupe element: a circle showing the content beneath it magnified.
public struct Loupe: Hashable, Sendable, Codable {
    /// How many times larger the content appears; between 1 and `maximumMagnification`.
    public var magnification: Double

    public static let maximumMagnification: Double = 16

    public init(magnification: Double = 2) {
        self.magnification = magnification
    }

    public var isValid: Bool { magnification.isFinite && (1...Loupe.maximumMagnification).contains(magnification) }
}
