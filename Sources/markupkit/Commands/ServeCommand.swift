import Dispatch
import Foundation
import MarkupFormat
import MarkupServer
import MarkupStore
import MarkupTestSupport

/// `markupkit serve`: the web editor and library.
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "Run the web editor and library (open the URL it prints)"
    static let help = """
        Usage: markupkit serve [--library PATH | --database URL] [--host 127.0.0.1] [--port 8080] [--quiet]

        Serves the library page and the editor on HTTP and WebSocket. On 127.0.0.1 (the default)
        only this machine can connect. On any other host, every request needs the access token
        printed with the URL at start, or the one in the environment variable MARKUPKIT_TOKEN (so
        several servers behind one proxy take the same); on 0.0.0.0 the URL names each of this
        machine's network addresses. MARKUPKIT_TOKEN given on 127.0.0.1 is needed there too, behind
        a proxy on this machine, whatever name the proxy passes on. SIGINT or SIGTERM stops it after
        saving every open document. An empty library file gets a Welcome document to start from; one
        server serves a library file at a time. Several servers may share one PostgreSQL library
        (--database), which is left as it is: docs/DEPLOY.md.

        Options:
        \(LibraryOption.help)
          --host HOST      The address to listen on (default 127.0.0.1)
          --port PORT      The port (default 8080; 0 picks a free one)
          --quiet          No log: neither requests nor warnings
        """
    static let valueOptions: Set<String> = LibraryOption.valueOptions.union(["--host", "--port"])
    static let flagOptions: Set<String> = ["--quiet"]

    static func run(_ arguments: CommandLineArguments) throws -> ExitCode {
        _ = try arguments.requirePositionals()
        guard let port = Int(arguments.value("--port") ?? "8080"), (0...65535).contains(port) else { throw UsageError("--port must be 0–65535") }
        // Taken before the library is opened, which may lay it out anew under a running server.
        if let path = LibraryOption.filePath(arguments) { try ServeLock.take(for: path) }
        let (store, libraryName) = try LibraryOption.open(arguments)
        // Servers starting together on a shared library would each add one.
        if !store.isShared, try store.documents().isEmpty {
            _ = try store.create(title: "Welcome", encoded: DocumentImporter.encodedWithThumbnail(MarkupFile(markup: GallerySample.make())))
        }
        let token = ProcessInfo.processInfo.environment["MARKUPKIT_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if let token, token.count < 16 {
            FileHandle.standardError.write(Data(("warning: MARKUPKIT_TOKEN has \(token.count) characters; anyone who guesses it may read and change "
                + "every document: make one of 32 random hex digits (head -c 16 /dev/urandom | xxd -p)\n").utf8))
        }
        let server = try MarkupServer(store: store, host: arguments.value("--host") ?? "127.0.0.1", token: token,
                                      log: ServerLog(isEnabled: !arguments.has("--quiet")))
        try server.start(port: port)
        // A token given in the environment is known already: not printed where a service's output
        // is kept (a journal); one made here is, since the address is useless without it.
        let addresses = token == nil ? server.urls : server.addresses
        print("MarkupKit is running at \(addresses[0])" + (token != nil ? " (add ?token= and MARKUPKIT_TOKEN's value)" : ""))
        for other in addresses.dropFirst() { print("                    and \(other)") }
        print("Library: \(libraryName)   Stop with Ctrl-C.")
        fflush(nil)
        ShutdownSignals.install { server.stop() }
        dispatchMain()
    }
}
