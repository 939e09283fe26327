import Foundation

// markupkit-fuzz HARNESS [libFuzzer options and corpus folders]
// markupkit-fuzz seeds FOLDER
//
// Built by scripts/fuzz.sh with the address sanitizer, coverage and libFuzzer linked in, it fuzzes
// HARNESS. Built plainly (as `swift build` does), it runs each file it is given through HARNESS
// once: how a crash libFuzzer found is replayed.

typealias FuzzerCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
typealias FuzzerDriver = @convention(c) (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>, FuzzerCallback) -> Int32

nonisolated(unsafe) var selected = FuzzHarness.markup

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: markupkit-fuzz HARNESS [libFuzzer options] | seeds FOLDER\nharnesses: \(FuzzHarness.allCases.map(\.rawValue).joined(separator: " "))\n".utf8))
    exit(2)
}
if arguments[1] == "seeds", arguments.count == 3 {
    try SeedCorpus.write(to: URL(fileURLWithPath: arguments[2]))
    exit(0)
}
guard let harness = FuzzHarness(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("unknown harness '\(arguments[1])'\n".utf8))
    exit(2)
}
selected = harness

if let driver = dlsym(nil, "LLVMFuzzerRunDriver") {
    let run = unsafeBitCast(driver, to: FuzzerDriver.self)
    var cArguments: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
    var count = Int32(cArguments.count - 1)
    exit(cArguments.withUnsafeMutableBufferPointer { buffer in
        var pointer = buffer.baseAddress
        return run(&count, &pointer) { data, size in
            selected.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        }
    })
}

for path in arguments.dropFirst(2) {
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    selected.run([UInt8](data))
    print("\(harness.rawValue): \(path) ran without a crash")
}
