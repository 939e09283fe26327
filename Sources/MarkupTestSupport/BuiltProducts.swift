import Foundation

/// Finds the executables SwiftPM built beside the running tests.
public enum BuiltProducts {
    /// The executable `name` in the build folder the tests run from (or one of its parents).
    public static func executable(named name: String) -> URL {
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return Bundle.main.bundleURL.appendingPathComponent(name)
    }
}
