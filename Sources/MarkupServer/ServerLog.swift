import Foundation

/// One line per request or session event, with a time and a level, to standard error.
public struct ServerLog: Sendable {
    public enum Level: String, Sendable { case info = "INFO", warning = "WARN", error = "ERROR" }

    /// Whether lines are written at all (tests keep them quiet).
    public var isEnabled: Bool

    /// Where lines go instead of standard error (tests read them).
    let sink: (@Sendable (String) -> Void)?

    public init(isEnabled: Bool = true, sink: (@Sendable (String) -> Void)? = nil) {
        self.isEnabled = isEnabled
        self.sink = sink
    }

    public func callAsFunction(_ level: Level, _ message: @autoclosure () -> String) {
        guard isEnabled else { return }
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .gmt, formatOptions: [.withInternetDateTime, .withFractionalSeconds])
        let line = "\(stamp) \(level.rawValue) \(Self.escaped(message()))\n"
        if let sink { sink(line) } else { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// `text` with every control character written as `\xNN` or `\u{NNNN}` (and `\` as `\\`), so that
    /// text from a request (a path with `%0A` in it) can never start a line of its own or drive a terminal.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || $0 == "\\" }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                result += "\\\\"
            } else if !isControl(scalar) {
                result.unicodeScalars.append(scalar)
            } else if scalar.value < 0x100 {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
