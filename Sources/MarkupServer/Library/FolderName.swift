/// Folder names as the library takes them from outside input: one line of 1–100 characters, kept
/// as a title is (`DocumentTitle`).
public enum FolderName {
    public static let maximumCharacters = 100
    public static let rule = "a folder's name is one line of 1–\(maximumCharacters) characters, not dots alone"

    /// Whether `name` may be given a folder, or documents filed in one. Dots alone name no folder a
    /// file system keeps apart (`.` and `..` are the folder and its parent), so an archive of the
    /// library could not hold them as they are.
    public static func isValid(_ name: String) -> Bool {
        names(name) && !name.trimmingCharacters(in: .whitespaces).allSatisfy { $0 == "." }
    }

    /// Whether `name` may name a folder the library has already (one made before dots alone were
    /// refused, to rename or remove it).
    public static func names(_ name: String) -> Bool { name.count <= maximumCharacters && DocumentTitle.isValid(name) }
}
