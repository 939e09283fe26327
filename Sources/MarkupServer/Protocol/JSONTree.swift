import Foundation

/// JSON text read into a `JSONTape` and read through `JSONValue`s that live only inside `parse`'s
/// body. A message can cost no more memory than `maximumValues` values, whatever it declares.
enum JSONTree {
    /// About 40 MB of the tape's values: more than the largest stroke a message may carry (100,000
    /// samples of seven values each).
    static let maximumValues = 1_000_000

    static func parse<Value>(_ text: String, _ body: (JSONValue) throws(ProtocolError) -> Value) throws(ProtocolError) -> Value {
        var text = text
        let result = text.withUTF8 { utf8 -> Result<Value, ProtocolError> in
            do throws(ProtocolError) {
                let tape = try JSONTape(UnsafeRawBufferPointer(utf8), maximumValues: maximumValues)
                return .success(try withExtendedLifetime(tape) { () throws(ProtocolError) in
                    try body(JSONValue(text: tape.text, nodes: tape.nodes, index: 0))
                })
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// One value of a `JSONTree`. The dotted name of the field it was found under (for errors) is put
/// together only when an error needs it.
struct JSONValue {
    private let text: UnsafeRawBufferPointer
    private let nodes: UnsafeBufferPointer<JSONTape.Node>
    private let index: Int

    fileprivate init(text: UnsafeRawBufferPointer, nodes: UnsafeBufferPointer<JSONTape.Node>, index: Int) {
        (self.text, self.nodes, self.index) = (text, nodes, index)
    }

    private var node: JSONTape.Node { nodes[index] }

    /// The field's dotted name, such as `view.x`; an array's elements go by the array's name.
    var field: String {
        var names = [String](), at = index
        while at >= 0 {
            let node = nodes[at]
            if node.hasName { names.append(JSONTape.name(of: node, in: text)) }
            at = Int(node.parent)
        }
        return names.reversed().joined(separator: ".")
    }

    private func value(_ index: Int) -> JSONValue { JSONValue(text: text, nodes: nodes, index: index) }

    /// The values inside this object or array, in order: each one's index.
    private func forEachChild(_ body: (Int) throws(ProtocolError) -> Bool) throws(ProtocolError) {
        var child = index + 1
        let end = Int(node.end)
        while child < end {
            guard try body(child) else { return }
            child = Int(nodes[child].end)
        }
    }

    private func child(_ key: String) -> JSONValue? {
        guard node.kind == .object else { return nil }
        var found: Int?
        try? forEachChild { child in
            guard JSONTape.name(of: nodes[child], in: text, is: key) else { return true }
            found = child
            return false
        }
        guard let found, nodes[found].kind != .null else { return nil }
        return value(found)
    }

    /// Calls `body` with each member of this object that is not null, in order, with its name's
    /// UTF-8 bytes: one pass, for objects read by the thousand (a stroke's samples).
    func forEachMember(_ body: (UnsafeRawBufferPointer, JSONValue) throws(ProtocolError) -> Void) throws(ProtocolError) {
        try forEachChild { child throws(ProtocolError) in
            let member = nodes[child]
            guard member.kind != .null else { return true }
            if member.nameIsEscaped {
                var name = JSONTape.name(of: member, in: text)
                let read = name.withUTF8 { name in
                    Result { () throws(ProtocolError) in try body(UnsafeRawBufferPointer(name), value(child)) }
                }
                try read.get()
            } else {
                try body(JSONTape.bytes(member.nameStart, member.nameEnd, in: text), value(child))
            }
            return true
        }
    }

    /// The member `key` of this object; nil when it is absent or null.
    subscript(_ key: String) -> JSONValue? { child(key) }

    /// The member `key`, which must be there.
    func required(_ key: String) throws(ProtocolError) -> JSONValue {
        guard let value = child(key) else {
            let field = self.field
            throw .missing(field.isEmpty ? key : field + "." + key)
        }
        return value
    }

    var isObject: Bool { node.kind == .object }

    func object() throws(ProtocolError) -> JSONValue {
        guard isObject else { throw .wrongType(field, expected: "an object") }
        return self
    }

    func string() throws(ProtocolError) -> String {
        guard node.kind == .string else { throw .wrongType(field, expected: "a string") }
        return JSONTape.string(node.start, node.stop, escaped: node.flag, in: text)
    }

    func number() throws(ProtocolError) -> Double {
        guard node.kind == .number else { throw .wrongType(field, expected: "a number") }
        return node.number
    }

    /// The member `key` naming a case of `Choice` (its raw value); nil when absent or null.
    func choice<Choice: RawRepresentable<String>>(_ key: String, of _: Choice.Type) throws(ProtocolError) -> Choice? {
        guard let member = self[key] else { return nil }
        let name = try member.string()
        guard let choice = Choice(rawValue: name) else { throw .unknown(key, value: name) }
        return choice
    }

    func bool() throws(ProtocolError) -> Bool {
        guard node.kind == .bool else { throw .wrongType(field, expected: "true or false") }
        return node.flag
    }

    /// The elements of this array, each read by `element`.
    func array<Element>(_ element: (JSONValue) throws(ProtocolError) -> Element) throws(ProtocolError) -> [Element] {
        guard node.kind == .array else { throw .wrongType(field, expected: "an array") }
        var elements = [Element]()
        elements.reserveCapacity(Int(node.count))
        try forEachChild { child throws(ProtocolError) in
            elements.append(try element(value(child)))
            return true
        }
        return elements
    }
}
