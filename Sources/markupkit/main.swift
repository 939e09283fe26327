import Foundation
import MarkupFormat

/// Every subcommand, in the order the help lists them.
let commands: [any Command.Type] = [
    InfoCommand.self, ConvertCommand.self, ValidateCommand.self, NewCommand.self, GenerateCommand.self,
    RenderCommand.self, ThumbnailCommand.self, LibraryCommand.self, ServeCommand.self, VersionCommand.self,
]

HugePages.adopt()
exit(CommandRunner(commands: commands).run(Array(CommandLine.arguments.dropFirst())).rawValue)
