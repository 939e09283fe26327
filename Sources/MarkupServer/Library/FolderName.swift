/// Folder names as the library takes them from outside input: one line of 1–100 characters, kept
/// as a title is (`DocumentTitle`).
public enum FolderName {
    public static let maximumCharacters = 100
    public static let rule = "a folder's name is one line of 1–\(maximumCharacters) characters, not dots alone"

    /// Dots alone name no folder a file system keeps apart (`.` and `..` are the folder and its
    /// parent), so an archive of the library could not hold them as they are.
    public static func isValid(_ name: String) -> Bool {
        name.count <= maximumCharacters && DocumentTitle.isValid(name) && !name.trimmingCharacters(in: .whitespaces).allSatisfy { $0 == "." }
    }
}
