import MarkupFormat
import MarkupModel

/// `markupkit version`.
enum VersionCommand: Command {
    static let name = "version"
    static let summary = "Print the version and the format versions this build reads"
    static let help = """
        Usage: markupkit version
        """

    static let version = "0.1.0"

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        _ = try arguments.requirePositionals()
        print("markupkit \(version) (format \(FormatVersion.current), content version \(ContentVersion.latest.rawValue))")
        return .success
    }
}
