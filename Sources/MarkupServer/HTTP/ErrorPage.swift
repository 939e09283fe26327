import Foundation

/// What a browser that opened an address shows when the server cannot serve it: a page in the
/// library's style saying so in words, where an API client gets `{"error": …}`.
enum ErrorPage {
    /// Whether `request` is a browser opening a page (it asks for HTML first), not a script of the
    /// page's or an API client.
    static func isWanted(by request: HTTPRequest) -> Bool {
        guard let accept = request.headers["accept"], accept.contains("text/html") else { return false }
        return !request.path.hasPrefix("/api/") && !request.path.hasPrefix("/static/")
    }

    /// `message` for a browser opening a page, and `{"error": apiMessage}` otherwise.
    static func response(_ status: Int, for request: HTTPRequest, message: String, apiMessage: String, linksHome: Bool = true) -> HTTPResponse {
        guard isWanted(by: request) else { return .error(status, apiMessage) }
        let home = linksHome ? "\n<p><a href=\"/\">Back to the library</a></p>" : ""
        let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>MarkupKit</title>
        <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
        <link rel="stylesheet" href="/static/style.css">
        </head>
        <body class="library">
        <main class="error-page">
        <h1>\(escaped(message))</h1>\(home)
        </main>
        </body>
        </html>

        """
        return HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: Data(html.utf8))
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
