import Foundation

/// The web client: plain HTML, CSS and ES modules shipped as package resources, loaded into memory
/// once. Only these names are ever served, so no request path reaches the file system.
struct WebAssets: Sendable {
    private let files: [String: Data]

    static let names = ["library.html", "editor.html", "style.css", "library.js", "editor.js", "canvas.js", "connection.js", "tabid.js", "outbox.js", "toolbar.js",
                        "ink.js", "laser.js", "presence.js", "textedit.js", "dialog.js", "icons.js", "images.js", "ruler.js", "find.js", "crop.js", "elbow.js", "contextmenu.js", "presentation.js", "signatures.js", "selecting.js", "gridkeys.js", "requests.js", "versions.js",
                        "offline.html", "sw.js",
                        "icon.svg", "icon-180.png", "icon-512.png", "manifest.webmanifest"]
    /// The page's ink module, built by `make` (scripts/build-wasm.sh) before the package: without it
    /// (a bare `swift build`), pages show the server's outline of a stroke instead of their own.
    static let inkModule = "markupink.wasm"

    static func load() throws -> WebAssets {
        guard let folder = Bundle.module.url(forResource: "Web", withExtension: nil) else { throw ServerError.cannotListen("web assets are missing") }
        var files = [String: Data]()
        for name in names {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        files[inkModule] = try? Data(contentsOf: folder.appendingPathComponent(inkModule))
        return WebAssets(files: files)
    }

    func response(for name: String) -> HTTPResponse {
        guard let data = files[name] else { return .error(404, "no such file") }
        let type = switch (name as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "wasm": "application/wasm"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "webmanifest": "application/manifest+json"
        default: "application/octet-stream"
        }
        return HTTPResponse(status: 200, contentType: type, body: data)
    }
}
