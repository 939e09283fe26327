import Foundation

/// One HTTP request as the handlers see it: the body is read in full, up to the server's limit.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, percent-decoded, without the query.
    public var path: String
    public var query: [String: String]
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data
    public var remoteAddress: String

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: Data = Data(),
                remoteAddress: String = "127.0.0.1") {
        (self.method, self.path, self.query, self.headers, self.body, self.remoteAddress) = (method, path, query, headers, body, remoteAddress)
    }

    /// The cookies sent, by name.
    public var cookies: [String: String] {
        var found = [String: String]()
        for pair in (headers["cookie"] ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            found[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1]).trimmingCharacters(in: .whitespaces)
        }
        return found
    }

    /// Decodes a query string (`a=1&b=x%20y`).
    static func parseQuery(_ text: String) -> [String: String] {
        var query = [String: String]()
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ") }
            guard let name = parts.first?.removingPercentEncoding else { continue }
            query[name] = parts.count > 1 ? parts[1].removingPercentEncoding ?? "" : ""
        }
        return query
    }
}

/// What a handler answers.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Data

    public init(status: Int, contentType: String = "application/json", body: Data = Data(), headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + headers
        self.body = body
    }

    public static func json<T: Encodable>(_ value: T, status: Int = 200) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return HTTPResponse(status: status, body: (try? encoder.encode(value)) ?? Data("{}".utf8))
    }

    /// A JSON error body `{"error": message}`.
    public static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(["error": message], status: status)
    }
}
