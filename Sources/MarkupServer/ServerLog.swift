import Foundation

/// One line per request or session event, with a time and a level, to standard error.
public struct ServerLog: Sendable {
    public enum Level: String, Sendable { case info = "INFO", warning = "WARN", error = "ERROR" }

    /// Whether lines are written at all (tests keep them quiet).
    public var isEnabled: Bool

    public init(isEnabled: Bool = true) { self.isEnabled = isEnabled }

    public func callAsFunction(_ level: Level, _ message: @autoclosure () -> String) {
        guard isEnabled else { return }
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .gmt, formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        FileHandle.standardError.write(Data("\(stamp) \(level.rawValue) \(message())\n".utf8))
    }
}
