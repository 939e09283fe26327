import Foundation
import MarkupTestSupport

/// `markupkit serve` of a library in a process of its own, as people run it: its sockets count
/// against its own descriptor limit, not the tests'.
final class ServerProcess {
    enum Failure: Error, CustomStringConvertible {
        case didNotStart(said: String)

        var description: String {
            switch self {
            case .didNotStart(let said): "markupkit serve did not start; it said: \(said)"
            }
        }
    }

    let port: Int
    private let process = Process()

    init(library: String) throws {
        process.executableURL = BuiltProducts.executable(named: "markupkit")
        process.arguments = ["serve", "--library", library, "--port", "0", "--quiet"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            said += more
        }
        let firstLine = String(decoding: said, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard let address = firstLine.range(of: "running at http://"),
              let port = firstLine[address.upperBound...].split(separator: ":").last.flatMap({ Int($0.filter(\.isNumber)) }) else {
            process.terminate()
            process.waitUntilExit()
            throw Failure.didNotStart(said: String(decoding: said, as: UTF8.self))
        }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
