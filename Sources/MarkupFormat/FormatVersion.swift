/// The versions of the `.markup` container this build reads and writes.
public enum FormatVersion {
    /// The format version this build writes. Older ones are upgraded by `FormatMigration`s on reading.
    public static let current: Int = 1

    /// The eight bytes every `.markup` file starts with: like PNG's, they catch text-mode mangling.
    static let magic: [UInt8] = [0x89, 0x4D, 0x4B, 0x55, 0x50, 0x0D, 0x0A, 0x1A]
}
