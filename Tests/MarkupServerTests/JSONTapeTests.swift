import Foundation
@testable import MarkupServer
import MarkupTestSupport
import Testing

/// The message reader's JSON against Foundation's parser and the standard library's number
/// parser: the same values from valid text, the same verdict on broken text.
struct JSONTapeTests {
    /// A JSON value as both parsers can give it.
    indirect enum Value: Equatable {
        case object([(String, Value)]), array([Value]), string(String), number(Double), bool(Bool), null

        static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            case (.array(let x), .array(let y)): x == y
            case (.string(let x), .string(let y)): x == y
            case (.number(let x), .number(let y)): x == y
            case (.bool(let x), .bool(let y)): x == y
            case (.null, .null): true
            default: false
            }
        }

        /// The same values, numbers within a part in 10¹² (Foundation may read long numbers its own
        /// way), members in any order (Foundation's dictionaries lose it).
        func matches(_ other: Value) -> Bool {
            switch (sorted, other.sorted) {
            case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1.matches($1.1) }
            case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.matches($1) }
            case (.number(let x), .number(let y)): x == y || abs(x - y) <= 1e-12 * max(abs(x), abs(y))
            case (let x, let y): x == y
            }
        }

        /// Members sorted by name, as Foundation's dictionaries lose their order.
        var sorted: Value {
            switch self {
            case .object(let members): .object(members.map { ($0.0, $0.1.sorted) }.sorted { $0.0 < $1.0 })
            case .array(let elements): .array(elements.map(\.sorted))
            default: self
            }
        }
    }

    static func tape(_ text: String) throws(ProtocolError) -> Value {
        var text = text
        let result = text.withUTF8 { utf8 -> Result<Value, ProtocolError> in
            Result { () throws(ProtocolError) -> Value in
                let tape = try JSONTape(UnsafeRawBufferPointer(utf8), maximumValues: JSONTree.maximumValues)
                func value(_ index: Int) -> Value {
                    let node = tape.nodes[index]
                    var children = [Int](), child = index + 1
                    while child < Int(node.end) {
                        children.append(child)
                        child = Int(tape.nodes[child].end)
                    }
                    switch node.kind {
                    case .object: return .object(children.map { (JSONTape.name(of: tape.nodes[$0], in: tape.text), value($0)) })
                    case .array: return .array(children.map(value))
                    case .string: return .string(JSONTape.string(node.start, node.stop, escaped: node.flag, in: tape.text))
                    case .number: return .number(node.number)
                    case .bool: return .bool(node.flag)
                    case .null: return .null
                    }
                }
                return value(0)
            }
        }
        return try result.get()
    }

    static func foundation(_ text: String) -> Value? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) else { return nil }
        func value(_ any: Any) -> Value {
            switch any {
            case let dictionary as [String: Any]: .object(dictionary.map { ($0.key, value($0.value)) })
            case let array as [Any]: .array(array.map(value))
            case let string as String: .string(string)
            case let number as NSNumber where String(describing: type(of: number)).contains("Boolean"): .bool(number.boolValue)
            case let number as NSNumber: .number(number.doubleValue)
            default: .null
            }
        }
        return value(object)
    }

    /// Random JSON text of every kind of value, with escapes, non-ASCII, surrogate pairs and numbers
    /// spelled many ways, and what it holds (numbers as the standard library reads their spelling).
    static func randomJSON(_ random: inout SeededRandom, depth: Int = 0) -> (String, Value) {
        let space = [" ", "", "\n", "\t", "\r\n  "]
        func pad() -> String { Bool.random(using: &random) ? "" : space.randomElement(using: &random)! }
        switch Int.random(in: depth > 3 ? 2..<7 : 0..<7, using: &random) {
        case 0:
            var members = [(String, Value)](), parts = [String]()
            for _ in 0..<Int.random(in: 0..<5, using: &random) {
                let (nameText, name) = randomString(&random)
                let (text, value) = randomJSON(&random, depth: depth + 1)
                if case .string(let name) = name, !members.contains(where: { $0.0 == name }) {
                    members.append((name, value))
                    parts.append(pad() + nameText + pad() + ":" + pad() + text + pad())
                }
            }
            return ("{" + parts.joined(separator: ",") + pad() + "}", .object(members))
        case 1:
            let elements = (0..<Int.random(in: 0..<6, using: &random)).map { _ in randomJSON(&random, depth: depth + 1) }
            return ("[" + pad() + elements.map(\.0).joined(separator: pad() + "," + pad()) + pad() + "]", .array(elements.map(\.1)))
        case 2: return randomString(&random)
        case 3, 4:
            var spelling = randomNumber(&random)
            while !Double(spelling)!.isFinite { spelling = randomNumber(&random) }
            return (spelling, .number(Double(spelling)!))
        case 5:
            let flag = Bool.random(using: &random)
            return (flag ? "true" : "false", .bool(flag))
        default: return ("null", .null)
        }
    }

    static func randomNumber(_ random: inout SeededRandom) -> String {
        let digits = (0..<Int.random(in: 1...24, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        var integer = String(digits.drop { $0 == "0" })
        if integer.isEmpty { integer = "0" }
        var text = (Bool.random(using: &random) ? "-" : "") + integer
        if Bool.random(using: &random) {
            text += "." + (0..<Int.random(in: 1...20, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            text += ["e", "E"].randomElement(using: &random)! + ["", "+", "-"].randomElement(using: &random)! + String(Int.random(in: 0...330, using: &random))
        }
        return text
    }

    static func randomString(_ random: inout SeededRandom) -> (String, Value) {
        let pieces: [(String, String)] = [("a", "a"), ("x", "x"), ("é", "é"), ("🎉", "🎉"), ("\\\"", "\""), ("\\\\", "\\"), ("\\/", "/"),
                                          ("\\n", "\n"), ("\\t", "\t"), ("\\b", "\u{8}"), ("\\f", "\u{C}"), ("\\r", "\r"),
                                          ("\\u00e9", "é"), ("\\u0000", "\u{0}"), ("\\uD83C\\uDF89", "🎉"), ("\\u20AC", "€"), (" ", " ")]
        let chosen = (0..<Int.random(in: 0..<8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        return ("\"" + chosen.map(\.0).joined() + "\"", .string(chosen.map(\.1).joined()))
    }

    @Test func randomTextReadsAsWritten() throws {
        var random = SeededRandom(seed: 17)
        for _ in 0..<3000 {
            let (text, expected) = Self.randomJSON(&random)
            let read = try Self.tape(text)
            #expect(read == expected, "\(text)")
            if let foundation = Self.foundation(text), !text.contains("\\u0000") { #expect(read.matches(foundation), "\(text)") }
        }
    }

    @Test func numbersAreCorrectlyRounded() throws {
        var random = SeededRandom(seed: 5)
        let edges = ["0", "-0", "1e22", "1e23", "9007199254740993", "123456789012345678901234567890", "0.1", "2.2250738585072014e-308",
                     "4.9e-324", "1.7976931348623157e308", "1e400", "-1e400", "1e-400", "0.000000000000000000000000001", "100000000000000000000000e-3"]
        for spelling in edges + (0..<20000).map({ _ in Self.randomNumber(&random) }) {
            let expected = Double(spelling)!
            guard expected.isFinite else {
                #expect(throws: ProtocolError.notJSON) { try Self.tape(spelling) }
                continue
            }
            guard case .number(let read) = try Self.tape(spelling) else { Issue.record("\(spelling) is not a number"); continue }
            #expect(read.bitPattern == expected.bitPattern, "\(spelling): \(read) vs \(expected)")
        }
    }

    @Test(arguments: ["", " ", "{", "}", "[1,]", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{\"a\":}", "01", "1.", ".5", "+1", "-", "1e", "1e+",
                      "NaN", "Infinity", "tru", "nul", "falsey", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\uD800\"", "\"\\uDC00\"", "\"\\uD800\\u0041\"",
                      "\"a\tb\"", "\"a\nb\"", "[1] [2]", "{} x", "[1 2]", "{\"a\":1 \"b\":2}", "'a'", "[\"a\":1]", "{\"a\",1}", "\u{FEFF}1"])
    func brokenTextIsNotJSON(_ text: String) {
        #expect(throws: ProtocolError.notJSON) { try Self.tape(text) }
    }

    /// What Foundation refuses is refused too (Foundation also takes a trailing comma, which is not JSON).
    @Test func brokenRandomTextIsRefusedWhereFoundationRefusesIt() throws {
        var random = SeededRandom(seed: 99)
        var refused = 0
        for _ in 0..<3000 {
            var bytes = Array(Self.randomJSON(&random).0.utf8)
            guard !bytes.isEmpty else { continue }
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes.remove(at: position)
            case 1: bytes.insert(Array("{}[],:\"\\ 0e-.".utf8).randomElement(using: &random)!, at: position)
            default: bytes[position] = Array("{}[],:\"\\ 0e-.a".utf8).randomElement(using: &random)!
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let read = try? Self.tape(text)
            if read == nil { refused += 1 }
            #expect(read == nil || Self.foundation(text) != nil, "\(text.debugDescription)")
            if let read, let foundation = Self.foundation(text), !text.contains("\\u0000") { #expect(read.matches(foundation), "\(text.debugDescription)") }
        }
        #expect(refused > 1000)
    }

    @Test func nestingAndSizeAreBounded() {
        let deep = String(repeating: "[", count: JSONTape.maximumDepth) + String(repeating: "]", count: JSONTape.maximumDepth)
        #expect(throws: Never.self) { try Self.tape(deep) }
        #expect(throws: ProtocolError.tooComplex) { try Self.tape("[" + deep + "]") }
        #expect(throws: ProtocolError.tooComplex) { try Self.tape(String(repeating: "[", count: 100_000)) }
        let many = "[" + Array(repeating: "0", count: JSONTree.maximumValues).joined(separator: ",") + "]"
        #expect(throws: ProtocolError.tooComplex) { try Self.tape(many) }
    }
}
