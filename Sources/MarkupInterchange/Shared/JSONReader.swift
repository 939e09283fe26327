import CJSON
import Foundation
import MarkupFormat

/// JSON parsed by cJSON and read through `JSONNode`s that live only inside `parse`'s body, so the
/// tree is freed however reading ends. The text is measured first: too deep or too many values,
/// and no parser sees it.
enum JSONReader {
    /// Values one file may hold: about 640 MB of cJSON nodes at most.
    static let maximumValues = 10_000_000

    static func parse<Value>(_ data: Data, format: InterchangeFormat,
                             _ body: (JSONNode) throws(InterchangeError) -> Value) throws(InterchangeError) -> Value {
        guard data.count <= InterchangeLimits.maximumTextBytes else {
            throw .tooLarge(format, reason: "more than \(InterchangeLimits.maximumTextBytes >> 20) MB of JSON")
        }
        let result = data.withUnsafeBytes { bytes -> Result<Value, InterchangeError> in
            let measure = JSONNesting.measure(bytes)
            guard measure.depth <= JSONNesting.maximumDepth else { return .failure(.tooLarge(format, reason: "JSON nested more than \(JSONNesting.maximumDepth) deep")) }
            guard measure.values <= maximumValues else { return .failure(.tooLarge(format, reason: "more than \(maximumValues) JSON values")) }
            var end: UnsafePointer<CChar>?
            let root = bytes.withMemoryRebound(to: CChar.self) { cJSON_ParseWithLengthOpts($0.baseAddress, $0.count, &end, 0) }
            guard let root else { return .failure(.notThisFormat(format, reason: "not JSON")) }
            defer { cJSON_Delete(root) }
            do throws(InterchangeError) { return .success(try body(JSONNode(node: root, path: "", format: format))) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// One value of a parsed JSON text, and where it was found (for errors).
struct JSONNode {
    let node: UnsafeMutablePointer<cJSON>
    /// The path of the object or array holding this value; its own key is added only when asked.
    private let parentPath: String
    let format: InterchangeFormat

    init(node: UnsafeMutablePointer<cJSON>, path: String, format: InterchangeFormat) {
        self.node = node
        self.parentPath = path
        self.format = format
    }

    /// Where the value is: `elements.points`, for errors.
    var path: String {
        guard let key = node.pointee.string else { return parentPath }
        let name = String(cString: key)
        return parentPath.isEmpty ? name : parentPath + "." + name
    }

    /// The member `key`; nil when absent or null.
    subscript(_ key: String) -> JSONNode? {
        guard let found = cJSON_GetObjectItemCaseSensitive(node, key), cJSON_IsNull(found) == 0 else { return nil }
        return JSONNode(node: found, path: path, format: format)
    }

    var string: String? {
        guard cJSON_IsString(node) != 0, let characters = node.pointee.valuestring else { return nil }
        return String(cString: characters)
    }

    /// The value as a finite number; nil for anything else.
    var number: Double? {
        guard cJSON_IsNumber(node) != 0, node.pointee.valuedouble.isFinite else { return nil }
        return node.pointee.valuedouble
    }

    var bool: Bool? { cJSON_IsBool(node) != 0 ? cJSON_IsTrue(node) != 0 : nil }

    var isArray: Bool { cJSON_IsArray(node) != 0 }
    var isObject: Bool { cJSON_IsObject(node) != 0 }

    /// The elements of an array, or an object's members; empty for anything else.
    var children: [JSONNode] {
        guard isArray || isObject else { return [] }
        var result: [JSONNode] = []
        let here = path
        var next = node.pointee.child
        while let item = next {
            result.append(JSONNode(node: item, path: here, format: format))
            next = item.pointee.next
        }
        return result
    }

    /// An object member's name.
    var key: String? { node.pointee.string.map { String(cString: $0) } }

    /// The member `key` as a finite number, which must be there.
    func number(_ key: String) throws(InterchangeError) -> Double {
        guard let value = self[key]?.number else {
            let place = path
            throw .malformed(format, reason: "\(place.isEmpty ? key : place + "." + key) is not a number")
        }
        return value
    }

    /// The numbers of an array of numbers (`[x, y]`), nil when it is anything else.
    var numbers: [Double]? {
        guard isArray else { return nil }
        var values: [Double] = []
        var next = node.pointee.child
        while let item = next {
            guard cJSON_IsNumber(item) != 0, item.pointee.valuedouble.isFinite else { return nil }
            values.append(item.pointee.valuedouble)
            next = item.pointee.next
        }
        return values
    }
}
