import CJSON
import Foundation
import MarkupFormat

/// JSON text parsed by cJSON into the thread's `JSONArena`, read through `JSONValue`s that live only
/// inside `parse`'s body, so the tree is gone however reading ends. The text is measured first: too
/// deep or too many values, and no parser sees it, so a message can cost no more memory than
/// `maximumValues` nodes.
enum JSONTree {
    /// About 64 MB of nodes: more than the largest stroke a message may carry (100,000 samples of
    /// seven nodes each).
    static let maximumValues = 1_000_000

    static func parse<Value>(_ text: String, _ body: (JSONValue) throws(ProtocolError) -> Value) throws(ProtocolError) -> Value {
        var text = text
        let result = text.withUTF8 { bytes in JSONArena.parsing { () -> Result<Value, ProtocolError> in
            let measure = JSONNesting.measure(UnsafeRawBufferPointer(bytes))
            guard measure.depth <= JSONNesting.maximumDepth, measure.values <= maximumValues else { return .failure(.tooComplex) }
            var end: UnsafePointer<CChar>?
            let root = bytes.withMemoryRebound(to: CChar.self) { cJSON_ParseWithLengthOpts($0.baseAddress, $0.count, &end, 0) }
            guard let root else { return .failure(.notJSON) }
            // Only white space may follow the value (cJSON alone would take `{} junk`).
            var used = bytes.count
            if let end, let start = bytes.baseAddress { used = min(max(UnsafeRawPointer(end) - UnsafeRawPointer(start), 0), bytes.count) }
            guard bytes[used...].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .failure(.notJSON) }
            do throws(ProtocolError) { return .success(try body(JSONValue(node: root, parent: ""))) } catch { return .failure(error) }
        } }
        return try result.get()
    }
}

/// One value of a `JSONTree`, and the field it was found under (for errors), whose dotted name is
/// put together only when an error needs it.
struct JSONValue {
    let node: UnsafeMutablePointer<cJSON>
    /// The dotted name of the object or array this value is in.
    private let parent: String

    fileprivate init(node: UnsafeMutablePointer<cJSON>, parent: String) {
        (self.node, self.parent) = (node, parent)
    }

    /// The field's dotted name, such as `view.x`; an array's elements go by the array's name.
    var field: String {
        guard let name = node.pointee.string else { return parent }
        return parent.isEmpty ? String(cString: name) : parent + "." + String(cString: name)
    }

    private func child(_ key: String) -> JSONValue? {
        guard let found = cJSON_GetObjectItemCaseSensitive(node, key), cJSON_IsNull(found) == 0 else { return nil }
        return JSONValue(node: found, parent: field)
    }

    /// Calls `body` with each member of this object that is not null, in order, with its name's
    /// UTF-8 bytes: one pass, for objects read by the thousand (a stroke's samples).
    func forEachMember(_ body: (UnsafeRawBufferPointer, JSONValue) throws(ProtocolError) -> Void) throws(ProtocolError) {
        let field = self.field
        var next = node.pointee.child
        while let item = next {
            next = item.pointee.next
            guard cJSON_IsNull(item) == 0, let name = item.pointee.string else { continue }
            try body(UnsafeRawBufferPointer(start: name, count: strlen(name)), JSONValue(node: item, parent: field))
        }
    }

    /// The member `key` of this object; nil when it is absent or null.
    subscript(_ key: String) -> JSONValue? { child(key) }

    /// The member `key`, which must be there.
    func required(_ key: String) throws(ProtocolError) -> JSONValue {
        guard let value = child(key) else { throw .missing(field.isEmpty ? key : field + "." + key) }
        return value
    }

    var isObject: Bool { cJSON_IsObject(node) != 0 }

    func object() throws(ProtocolError) -> JSONValue {
        guard isObject else { throw .wrongType(field, expected: "an object") }
        return self
    }

    func string() throws(ProtocolError) -> String {
        guard cJSON_IsString(node) != 0, let characters = node.pointee.valuestring else { throw .wrongType(field, expected: "a string") }
        return String(cString: characters)
    }

    func number() throws(ProtocolError) -> Double {
        guard cJSON_IsNumber(node) != 0 else { throw .wrongType(field, expected: "a number") }
        return node.pointee.valuedouble
    }

    func bool() throws(ProtocolError) -> Bool {
        guard cJSON_IsBool(node) != 0 else { throw .wrongType(field, expected: "true or false") }
        return cJSON_IsTrue(node) != 0
    }

    /// The elements of this array, each read by `element`.
    func array<Element>(_ element: (JSONValue) throws(ProtocolError) -> Element) throws(ProtocolError) -> [Element] {
        guard cJSON_IsArray(node) != 0 else { throw .wrongType(field, expected: "an array") }
        var elements = [Element]()
        elements.reserveCapacity(Int(min(cJSON_GetArraySize(node), 1 << 16)))
        let field = self.field
        var next = node.pointee.child
        while let item = next {
            elements.append(try element(JSONValue(node: item, parent: field)))
            next = item.pointee.next
        }
        return elements
    }
}
