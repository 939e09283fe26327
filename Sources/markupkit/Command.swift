/// One `markupkit` subcommand.
protocol Command {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full help text, usage first.
    static var help: String { get }
    static var valueOptions: Set<String> { get }
    static var flagOptions: Set<String> { get }

    /// Runs with parsed arguments and returns the exit code.
    static func run(_ arguments: CommandLineArguments) throws -> ExitCode
}

extension Command {
    static var valueOptions: Set<String> { [] }
    static var flagOptions: Set<String> { [] }
}

/// The process exit codes every command shares.
enum ExitCode: Int32 {
    case success = 0
    /// A check failed or the data was bad.
    case failure = 1
    /// The command was called wrongly.
    case usage = 2
}
