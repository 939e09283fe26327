import Foundation

/// Finds the subcommand, parses its arguments, runs it and maps failures to messages and exit codes.
struct CommandRunner {
    let commands: [any Command.Type]

    var overview: String {
        let rows = commands.map { ($0.name, $0.summary) } + [("help", "Show this overview, or a command's help")]
        let width = rows.map(\.0.count).max() ?? 0
        let list = rows.map { "  " + $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
        return """
            markupkit: open pen markup documents — inspect, convert, validate and generate them.

            Usage: markupkit COMMAND [ARGUMENTS] [--help]

            Commands:
            \(list.joined(separator: "\n"))

            Exit codes: 0 success, 1 a failed check or bad data, 2 bad usage.
            """
    }

    func run(_ arguments: [String]) -> ExitCode {
        guard let name = arguments.first, !["-h", "--help"].contains(name) else {
            print(overview)
            return .success
        }
        if name == "help" {
            guard let topic = arguments.dropFirst().first, !["-h", "--help"].contains(topic) else {
                print(overview)
                return .success
            }
            guard let command = commands.first(where: { $0.name == topic }) else { return usageFailure("unknown command '\(topic)'", help: overview) }
            print(command.help)
            return .success
        }
        if name == "--version" { return run(["version"]) }
        guard let command = commands.first(where: { $0.name == name }) else {
            return usageFailure("unknown command '\(name)'", help: overview)
        }
        do {
            let parsed = try CommandLineArguments(Array(arguments.dropFirst()), valueOptions: command.valueOptions, flagOptions: command.flagOptions)
            if parsed.has("--help") {
                print(command.help)
                return .success
            }
            return try command.run(parsed)
        } catch let error as UsageError {
            return usageFailure(error.message, help: command.help)
        } catch {
            printError("markupkit \(command.name): \(error)")
            return .failure
        }
    }

    private func usageFailure(_ message: String, help: String) -> ExitCode {
        printError("markupkit: \(message)\n\n\(help)")
        return .usage
    }

    private func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
