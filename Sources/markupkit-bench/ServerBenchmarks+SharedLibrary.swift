import Foundation
import MarkupFormat
import MarkupModel
import MarkupServer
import MarkupStore
import MarkupTestSupport

/// Several servers on one library on PostgreSQL (docs/DEPLOY.md): stroke commits with three servers
/// and 50 pages on each, each document on one server (as the proxy's hash sends a document's pages),
/// and with every document drawn on through all three at once; and the time a change made through
/// one server takes to reach a page on another. The servers run in the benchmark's
/// process, each with its own connections, on the same two cores as PostgreSQL and the pages.
extension ServerBenchmarks {
    static let sharedLibraryCases = ["server.postgres.servers3.commits.150", "server.postgres.servers3.shared.commits.150"].flatMap { name in
        ["perSecond", "p99Milliseconds", "cpuMicroseconds", "stolenPercent", "commitP99Milliseconds", "commitMaxMilliseconds"].map { "\(name).\($0)" }
    } + ["server.postgres.crossServer.p50Milliseconds", "server.postgres.crossServer.p99Milliseconds"]

    /// Strokes timed from one server to a page on another.
    static let crossServerStrokes = 300

    func sharedLibrary(including filter: (String) -> Bool) throws -> [Measurement] {
        /// Whether any case named `prefix…` passes the filter.
        func wants(_ prefix: String) -> Bool { Self.sharedLibraryCases.contains { $0.hasPrefix(prefix) && filter($0) } }
        guard wants("server.postgres.servers3.") || wants("server.postgres.crossServer."),
              let database = TemporaryPostgres.benchmarkDatabase(for: "server.postgres.servers3, server.postgres.crossServer") else { return [] }
        let servers = try (0..<3).map { _ in try MarkupServer(store: try PostgresDocumentStore(url: database), log: ServerLog(isEnabled: false)) }
        for server in servers { try server.start(port: 0) }
        defer { for server in servers { server.stop() } }
        let store = try PostgresDocumentStore(url: database)
        var results = [Measurement]()
        if wants("server.postgres.servers3.commits.") {
            results += figures("server.postgres.servers3.commits.150", try commits(clients: 150, streamingLive: false, servers: servers, store: store),
                               rate: "strokes/s on PostgreSQL, 3 servers with 50 pages each, each document on one server",
                               leftOut: Self.postgresLeftOut)
        }
        if wants("server.postgres.servers3.shared.") {
            results += figures("server.postgres.servers3.shared.commits.150",
                               try commits(clients: 150, streamingLive: false, servers: servers, shared: true, store: store),
                               rate: "strokes/s on PostgreSQL, 3 servers with 50 pages each, every document drawn on through all three",
                               leftOut: Self.postgresLeftOut)
        }
        if wants("server.postgres.crossServer.") {
            let latencies = try crossServer(from: servers[0], to: servers[1], store: store)
            let unit = "ms from pen-up on a page of one server to the stroke reaching a page of another (its commit included)"
            results.append(Measurement(name: "server.postgres.crossServer.p50Milliseconds", value: percentile(latencies, 0.5) * 1000, unit: unit))
            results.append(Measurement(name: "server.postgres.crossServer.p99Milliseconds", value: percentile(latencies, 0.99) * 1000,
                                       unit: unit + " (target ≤ 50)"))
        }
        return results
    }

    /// A page on `writer` draws strokes one after another, a tenth of a second apart; each is timed
    /// from its pen-up to the change that adds it reaching a page on `watcher`.
    private func crossServer(from writer: MarkupServer, to watcher: MarkupServer, store: PostgresDocumentStore) throws -> [Double] {
        let page = Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 1024))
        let id = try store.create(title: "bench", encoded: MarkupFile(markup: page).encoded()).id.description
        let drawing = try EditorClient(port: writer.port, document: id), watching = try EditorClient(port: watcher.port, document: id)
        defer {
            drawing.close()
            watching.close()
        }
        _ = try drawing.next(.hello)
        _ = try watching.next(.hello)
        var latencies = [Double]()
        for stroke in 0..<Self.crossServerStrokes {
            let script = StrokeScript(client: 0, stroke: stroke)
            let start = DispatchTime.now().uptimeNanoseconds
            drawing.sendText(script.whole)
            guard case .change(let change) = try watching.next(.change), change.added.count == 1 else {
                throw BenchmarkError.mismatch("the other server's page heard of stroke \(stroke)")
            }
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            guard case .ack(script.op, _) = try drawing.next(.ack) else { throw BenchmarkError.mismatch("the ack of \(script.op)") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return latencies
    }
}
