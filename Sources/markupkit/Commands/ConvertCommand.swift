/// `markupkit convert IN OUT`: between the binary `.markup` and `.markup.json`.
enum ConvertCommand: Command {
    static let name = "convert"
    static let summary = "Convert between .markup and .markup.json"
    static let help = """
        Usage: markupkit convert IN OUT

        Reads IN (binary or JSON, told apart by content) and writes OUT: JSON when OUT ends in
        .json, the binary .markup container otherwise. Converting back gives the same bytes.
        """

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        let paths = try arguments.requirePositionals("in", "out")
        try DocumentFiles.write(try DocumentFiles.read(paths[0]), to: paths[1])
        return .success
    }
}
