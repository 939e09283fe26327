import Foundation
import MarkupFormat

/// JSON of a request body, decoded only once its nesting is known to be shallow, so no input can
/// exhaust the stack of the thread that reads it. (WebSocket messages go through `JSONTree`.)
enum ClientJSON {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard JSONNesting.isWithin(data) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "nested deeper than \(JSONNesting.maximumDepth) levels"))
        }
        return try JSONDecoder().decode(type, from: data)
    }
}
