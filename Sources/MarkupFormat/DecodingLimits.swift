/// How much memory one decode may take, so that a small hostile file cannot make a reader take
/// gigabytes. No size a file declares is trusted: every decoder checks it against these limits and
/// against the bytes really there before it allocates.
public struct DecodingLimits: Hashable, Sendable {
    /// The most bytes a body may inflate to, over all its chunks (and the most bytes of a JSON form).
    /// The 100,000-stroke sample document's body inflates to about 120 MB.
    public var maximumBodyBytes: Int

    public init(maximumBodyBytes: Int = 1 << 30) {
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// 1 GiB of body.
    public static let standard = DecodingLimits()
}
