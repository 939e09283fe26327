/// A command's arguments, parsed by hand: `--name value` options, `--flag`s and positionals.
struct CommandLineArguments {
    private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments`; `valueOptions` are the options that take a value, `flagOptions` those that don't.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: remaining)
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            if flagOptions.contains(name) || name == "--help" {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                flags.insert(name)
            } else if valueOptions.contains(name) {
                guard let value = inlineValue ?? remaining.popFirst() else { throw UsageError("\(name) needs a value") }
                guard options[name] == nil else { throw UsageError("\(name) given twice") }
                options[name] = value
            } else {
                throw UsageError("unknown option \(name)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func value(_ option: String) -> String? { options[option] }

    /// Exactly `count` positionals, named in `names` for the error message.
    func requirePositionals(_ names: String...) throws(UsageError) -> [String] {
        guard positionals.count == names.count else {
            let missing = names.dropFirst(positionals.count).map { $0.uppercased() }.joined(separator: " ")
            throw UsageError(positionals.count < names.count ? "missing \(missing)" : "unexpected argument \(positionals[names.count])")
        }
        return positionals
    }

    /// An option's value as an integer within `range`, or `defaultValue` when absent.
    func integer(_ option: String, in range: ClosedRange<Int>, default defaultValue: Int? = nil) throws(UsageError) -> Int {
        guard let text = value(option) else {
            guard let defaultValue else { throw UsageError("\(option) is required") }
            return defaultValue
        }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}

/// A mistake in how a command was called: reported with the command's usage, exit code 2.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
