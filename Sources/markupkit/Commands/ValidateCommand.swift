/// `markupkit validate FILE`: exit 0 for a sound document, 1 with the typed error otherwise.
enum ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Check that a file is a sound MarkupKit document"
    static let help = """
        Usage: markupkit validate FILE

        Decodes FILE completely and checks every invariant. Exits 0 when it is sound; otherwise
        prints the error (incorrectFormat, malformedData or incompatibleFormatTooNew) and exits 1.
        """

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        let path = try arguments.requirePositionals("file")[0]
        let file = try DocumentFiles.read(path)
        print("\(path): valid (\(file.markup.elements.count) elements, content version \(file.markup.contentVersion.rawValue))")
        return .success
    }
}
