import Foundation
import MarkupEditor
import MarkupFormat
import MarkupModel
import MarkupServer
import MarkupStore
import MarkupTestSupport

/// The server on loopback: stroke commits per second and their p99 latency (pen-up to the stroke's
/// acknowledgement, sent once it is durable) with 1, 10, 50 and 2,000 WebSocket clients, each on a
/// document of its own and all drawing at once, as fast as they are acknowledged or at a fixed pace; the time
/// to the first live outline of a stroke; and, when the end-to-end environment is there, how long
/// Chromium takes to first render the generated document and to paint a pen move's ink.
struct ServerBenchmarks: BenchmarkSuite {
    let document: GeneratedDocument

    let caseNames = [
        "server.commits.1.perSecond", "server.commits.1.p99Milliseconds", "server.commits.10.perSecond", "server.commits.10.p99Milliseconds",
        "server.commits.50.perSecond", "server.commits.50.p99Milliseconds", "server.commits.2000.perSecond", "server.commits.2000.p99Milliseconds",
        "server.commits.1.cpuMicroseconds", "server.commits.10.cpuMicroseconds", "server.commits.50.cpuMicroseconds", "server.commits.2000.cpuMicroseconds",
        "server.commits.1.stolenPercent", "server.commits.10.stolenPercent", "server.commits.50.stolenPercent", "server.commits.2000.stolenPercent",
        "server.commits.50.at5000.perSecond", "server.commits.50.at5000.p99Milliseconds", "server.commits.50.at5000.cpuMicroseconds",
        "server.commits.50.at5000.stolenPercent",
        "server.streamedStrokes.50.perSecond", "server.streamedStrokes.50.p99Milliseconds", "server.streamedStrokes.50.cpuMicroseconds",
        "server.streamedStrokes.50.stolenPercent",
    ] + ["server.postgres.commits.50", "server.postgres.commits.50.at5000"].flatMap { name in
        ["perSecond", "p99Milliseconds", "cpuMicroseconds", "stolenPercent", "commitP99Milliseconds", "commitMaxMilliseconds"].map { "\(name).\($0)" }
    } + ["1", "10", "50", "2000", "50.at5000"].flatMap { clients in
        ["server.commits.\(clients).commitP99Milliseconds", "server.commits.\(clients).commitMaxMilliseconds"]
    } + [
        "server.streamedStrokes.50.commitP99Milliseconds", "server.streamedStrokes.50.commitMaxMilliseconds",
        "server.liveOutline.p99Milliseconds", "server.fullView.p50Milliseconds", "server.fullView.cpuMicroseconds",
        "server.strokeMessage.decodeMicroseconds", "server.chromium.firstRender.seconds",
        "server.chromium.interactive.seconds", "server.chromium.penToInk.p99Milliseconds",
    ] + ServerBenchmarks.sharedLibraryCases

    static let strokesPerRun = 6000
    /// What the CPU figures of the runs on PostgreSQL do not count.
    static let postgresLeftOut = "; PostgreSQL's own processes, on the same cores, not counted"

    func run(including filter: (String) -> Bool) throws -> [Measurement] {
        let folder = NSTemporaryDirectory() + "markupkit-bench-server-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var results = try libraryCases(in: folder, including: filter)
        // The browser's cases get a server and library of their own, as a person opening a document
        // would: the library of the cases before, with thousands of documents and their snapshots,
        // is closed and let go first.
        guard ["server.chromium.firstRender", "server.chromium.interactive", "server.chromium.penToInk"].contains(where: filter) else {
            return results
        }
        let browserStore = try SQLiteDocumentStore(path: folder + "/browser.sqlite")
        let browserServer = try MarkupServer(store: browserStore, log: ServerLog(isEnabled: false))
        try browserServer.start(port: 0)
        defer { browserServer.stop() }
        if filter("server.chromium.firstRender") || filter("server.chromium.interactive"),
           let times = try firstRender(store: browserStore, server: browserServer) {
            results.append(Measurement(name: "server.chromium.firstRender.seconds", value: times.firstFrame,
                                       unit: "s from opening the page to the first frame with strokes (\(document.strokes) strokes)"))
            results.append(Measurement(name: "server.chromium.interactive.seconds", value: times.hello,
                                       unit: "s from opening the page to its hello: the whole document open to view and edit"))
        }
        if filter("server.chromium.penToInk"), let milliseconds = try penToInk(store: browserStore, server: browserServer) {
            results.append(Measurement(name: "server.chromium.penToInk.p99Milliseconds", value: milliseconds,
                                       unit: "ms from a pen move to the frame painting its ink, over a 300 ms round trip (target ≤ 16)"))
        }
        return results.filter { filter($0.name) }
    }

    /// Every case but the browser's, on one library in `folder`.
    private func libraryCases(in folder: String, including filter: (String) -> Bool) throws -> [Measurement] {
        let store = try SQLiteDocumentStore(path: folder + "/library.sqlite")
        let server = try MarkupServer(store: store, log: ServerLog(isEnabled: false))
        try server.start(port: 0)
        defer { server.stop() }
        var results = [Measurement]()
        for clients in [1, 10, 50, 2000] where filter("server.commits.\(clients).") {
            results += figures("server.commits.\(clients)", try commits(clients: clients, streamingLive: false, servers: [server], store: store),
                               rate: "strokes/s")
        }
        if filter("server.commits.50.at5000.") {
            let run = try commits(clients: 50, streamingLive: false, pace: .strokesPerSecond(100), strokesEach: 200, servers: [server], store: store)
            results += figures("server.commits.50.at5000", run, rate: "strokes/s committed, 50 pages each drawing 100 strokes/s whatever the server does",
                               latency: "ms from pen-up to ack, queueing included")
        }
        // The same 50 pages, each on a document of its own, on a library on a real PostgreSQL on this
        // machine (scripts/postgres.sh, a Unix socket), in the closed loop and at 5,000 a second; left
        // out, saying so, where PostgreSQL is not installed (`make test-deps` installs it).
        if filter("server.postgres.commits.50."), let database = TemporaryPostgres.benchmarkDatabase(for: "server.postgres") {
            let store = try PostgresDocumentStore(url: database)
            let server = try MarkupServer(store: store, log: ServerLog(isEnabled: false))
            try server.start(port: 0)
            defer { server.stop() }
            results += figures("server.postgres.commits.50", try commits(clients: 50, streamingLive: false, servers: [server], store: store),
                               rate: "strokes/s on PostgreSQL", leftOut: Self.postgresLeftOut)
            results += figures("server.postgres.commits.50.at5000",
                               try commits(clients: 50, streamingLive: false, pace: .strokesPerSecond(100), strokesEach: 200, servers: [server], store: store),
                               rate: "strokes/s committed on PostgreSQL, 50 pages each drawing 100 strokes/s",
                               latency: "ms from pen-up to ack, queueing included", leftOut: Self.postgresLeftOut)
        }
        results += try sharedLibrary(including: filter)
        if filter("server.streamedStrokes.50.") {
            results += figures("server.streamedStrokes.50", try commits(clients: 50, streamingLive: true, servers: [server], store: store),
                               rate: "strokes/s, each streamed live first as a page with others watching does (none watch here)")
        }
        if filter("server.strokeMessage.decode") {
            results.append(Measurement(name: "server.strokeMessage.decodeMicroseconds", value: try decodeTime() * 1e6,
                                       unit: "µs to decode one whole-stroke message of 41 samples (one core; part of each commit)"))
        }
        if filter("server.liveOutline") {
            results.append(Measurement(name: "server.liveOutline.p99Milliseconds", value: percentile(try liveOutlines(server: server, store: store), 0.99) * 1000,
                                       unit: "ms from a stroke's first samples to its first outline on another page"))
        }
        if filter("server.fullView.") {
            let run = try strokesInFullView(server: server, store: store)
            results.append(Measurement(name: "server.fullView.p50Milliseconds", value: percentile(run.latencies, 0.5) * 1000,
                                       unit: "ms from pen-up to ack, one page drawing on a document whose \(Self.fullViewElements) strokes it all has"))
            results.append(Measurement(name: "server.fullView.cpuMicroseconds", value: run.cpuPerStroke * 1e6,
                                       unit: "µs of CPU per stroke there, the server and the benchmark's page"))
        }
        return results.filter { filter($0.name) }
    }

    /// A commit run's figures under `name`: strokes a second, the p99 latency, the CPU per stroke, and
    /// how much of the machine's CPU time the hypervisor took meanwhile (the run's tail depends on it).
    func figures(_ name: String, _ run: Run, rate: String, latency: String = "ms", leftOut: String = "") -> [Measurement] {
        [Measurement(name: name + ".perSecond", value: run.perSecond, unit: rate),
         Measurement(name: name + ".p99Milliseconds", value: percentile(run.latencies, 0.99) * 1000, unit: latency),
         Measurement(name: name + ".cpuMicroseconds", value: run.cpuPerStroke * 1e6,
                     unit: "µs of CPU per stroke, the server and the benchmark's driving thread (\(Int((run.driverShare * 100).rounded())) % of it)" + leftOut),
         Measurement(name: name + ".stolenPercent", value: run.stolenShare * 100,
                     unit: "% of the cores' time taken by the hypervisor during the run (steal in /proc/stat)"),
         Measurement(name: name + ".commitP99Milliseconds", value: percentile(run.commits, 0.99) * 1000,
                     unit: "ms one group commit took, transaction and sync (\(run.commits.count) commits)"),
         Measurement(name: name + ".commitMaxMilliseconds", value: run.commits.max().map { $0 * 1000 } ?? 0,
                     unit: "ms the longest group commit took: every stroke arriving meanwhile waits for it and for its own")]
    }

    func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(Int(Double(sorted.count) * fraction), sorted.count - 1)]
    }

    /// `clients` pages, each drawing strokes on its own document as the editor page does: alone on
    /// its document and drawing its own ink, a page sends each whole stroke with its op id at
    /// pen-up; with `streamingLive` its samples go first in three `pointer` messages, as they do
    /// while others watch. A commit is timed from pen-up to its `ack` (the page's "Saved"). In the
    /// closed loop each page draws its next stroke as soon as the last is acknowledged; at a fixed
    /// pace each page draws `strokesPerSecond` whatever the server does. One thread drives every
    /// page (see `StrokeLoad`); its CPU time is reported apart from the server's.
    /// With several `servers` (on one library), page `i` goes to server `i % servers.count`; with
    /// `shared`, each document has one page on each server.
    func commits(clients: Int, streamingLive: Bool, pace: StrokeLoad.Pace = .closedLoop, strokesEach: Int? = nil,
                 servers: [MarkupServer], shared: Bool = false, store: any DocumentStore) throws -> Run {
        let page = Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 1024))
        let pagesPerDocument = shared ? servers.count : 1
        let documents = try (0..<clients / pagesPerDocument).map { _ in try store.create(title: "bench", encoded: MarkupFile(markup: page).encoded()).id.description }
        let strokesEach = strokesEach ?? max(Self.strokesPerRun / clients, clients > 100 ? 3 : 10)
        let load = try StrokeLoad(ports: servers.map(\.port), documents: documents.flatMap { Array(repeating: $0, count: pagesPerDocument) }) { client in
            (0..<strokesEach).map { StrokeScript(client: client, stroke: $0).frames(streamingLive: streamingLive) }
        }
        for server in servers { _ = server.takeCommitDurations() }
        let (cpuBefore, stolenBefore) = (Clock.processCPUSeconds(), Clock.stolenCPUSeconds())
        let result = try load.run(pace)
        let commits = servers.flatMap { $0.takeCommitDurations() }
        let cpu = Clock.processCPUSeconds() - cpuBefore
        let stolen = Clock.stolenCPUSeconds() - stolenBefore
        let count = Double(result.latencies.count)
        return Run(perSecond: count / result.seconds, latencies: result.latencies, cpuPerStroke: cpu / count,
                   driverShare: result.driverCPUSeconds / cpu, stolenShare: stolen / (result.seconds * Double(ProcessInfo.processInfo.activeProcessorCount)),
                   commits: commits)
    }

    /// The time `ClientEnvelope.decode` takes for one whole stroke as the benchmark's clients send it,
    /// the fastest of five rounds of 2,000.
    private func decodeTime() throws -> Double {
        let messages = (0..<2000).map { StrokeScript(client: 0, stroke: $0).whole }
        var fastest = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            for message in messages {
                guard case .stroke(let input) = try ClientEnvelope.decode(message).message, input.samples.count == 41 else {
                    throw BenchmarkError.mismatch("a stroke of 41 samples")
                }
            }
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(messages.count))
        }
        return fastest
    }

    /// What one run measured: `cpuPerStroke` is the CPU seconds the whole process (server and
    /// clients, on the same cores) spent per stroke.
    struct Run {
        var perSecond: Double
        var latencies: [Double]
        var cpuPerStroke: Double
        /// The part of that CPU time the benchmark's driving thread spent.
        var driverShare: Double
        /// The part of the cores' time the hypervisor took from this machine during the run.
        var stolenShare: Double
        /// How long each group commit of the run took, in seconds.
        var commits: [Double]
    }

    /// A page drawing strokes while another watches: the time from the first samples the drawing page
    /// sends to the first outline the watching page receives, over 300 strokes. (The drawing page
    /// draws its own stroke; this is what a collaborator waits for.)
    private func liveOutlines(server: MarkupServer, store: SQLiteDocumentStore) throws -> [Double] {
        let page = Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 1024))
        let id = try store.create(title: "bench", encoded: MarkupFile(markup: page).encoded()).id.description
        let drawing = try EditorClient(port: server.port, document: id, drawsOwnInk: true), watching = try EditorClient(port: server.port, document: id)
        defer { [drawing, watching].forEach { $0.close() } }
        _ = try drawing.next(.hello)
        _ = try watching.next(.hello)
        var latencies = [Double]()
        for script in (0..<300).map({ StrokeScript(client: 0, stroke: $0) }) {
            let (live, whole) = (script.live, script.whole)
            let begin = DispatchTime.now().uptimeNanoseconds
            drawing.sendText(live[0])
            drawing.sendText(live[1])
            _ = try watching.next(.live)
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
            drawing.sendText(live[2])
            drawing.sendText(whole)
            _ = try drawing.next(.ack)
        }
        return latencies
    }

    static let fullViewElements = 20_000

    /// One page drawing 300 strokes, each once the last is acknowledged, on a document whose
    /// `fullViewElements` short strokes all lie in its view, so the server keeps every one of them as
    /// sent to it: what a stroke costs in a full document rather than an empty one.
    private func strokesInFullView(server: MarkupServer, store: SQLiteDocumentStore) throws -> (latencies: [Double], cpuPerStroke: Double) {
        var markup = Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 1024))
        var random = SeededRandom(seed: 20)
        for _ in 0..<Self.fullViewElements {
            let start = Point(x: random.uniform(20...740), y: random.uniform(20...1000))
            let points = (0..<8).map { index in
                StrokePoint(location: Point(x: start.x + Double(index) * 2, y: start.y + Double(index % 3)), timeOffset: Double(index) / 240,
                            size: Size(width: 2, height: 2))
            }
            markup.insert(.stroke(Stroke(ink: Ink(.pen, width: 2), points: points)), frame: .zero)
        }
        let id = try store.create(title: "bench", encoded: MarkupFile(markup: markup).encoded()).id.description
        let page = try EditorClient(port: server.port, document: id, drawsOwnInk: true)
        defer { page.close() }
        _ = try page.next(.hello)
        page.send(.view(StrokeScript.view))
        var received = 0
        while received < Self.fullViewElements {
            guard case .elements(let elements) = try page.next(.elements, timeout: 120) else { continue }
            received += elements.count
        }
        let strokes = (0..<300).map { StrokeScript(client: 0, stroke: $0) }.map { (op: $0.op, whole: $0.whole) }
        var latencies = [Double]()
        let cpuBefore = Clock.processCPUSeconds()
        for stroke in strokes {
            let start = DispatchTime.now().uptimeNanoseconds
            page.sendText(stroke.whole)
            guard case .ack(stroke.op, _) = try page.next(.ack) else { throw BenchmarkError.mismatch("the ack of \(stroke.op)") }
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return (latencies, (Clock.processCPUSeconds() - cpuBefore) / Double(latencies.count))
    }

    /// One stroke's messages, as the editor page sends them: 41 samples, streamed in three pointer
    /// messages (`live`) when others watch, then the whole stroke. Each is encoded only when asked for.
    struct StrokeScript {
        let op: String
        private let y: Double, stroke: Int
        static let view = ClientMessage.View(frame: Rect(x: 0, y: 0, width: 768, height: 1024), size: Size(width: 768, height: 1024))

        init(client: Int, stroke: Int) {
            (op, y, self.stroke) = ("bench-\(client)-\(stroke)", 40 + Double(stroke % 90) * 10, stroke)
        }

        private func sample(_ i: Int) -> ClientMessage.Sample { .init(x: 40 + Double(i) * 5, y: y + Double(i % 4), t: Double(stroke * 1000 + i * 8), p: 0.5) }

        private func pointer(_ phase: PointerEvent.Phase, _ range: Range<Int>) -> String {
            ClientEnvelope(.pointer(.init(phase: phase, pointerType: .pen, samples: range.map(sample), view: phase == .began ? Self.view : nil))).json
        }

        /// The pointer messages of the stroke's first sample, the next three and the rest.
        var live: [String] { [pointer(.began, 0..<1), pointer(.moved, 1..<4), pointer(.moved, 4..<41)] }

        var whole: String {
            ClientEnvelope(.stroke(.init(ink: .init(tool: .ink(.pen)), pointerType: .pen, samples: (0..<41).map(sample), view: Self.view)), op: op).json
        }

        /// The stroke as `StrokeLoad` sends it: masked frames, and the start of its ack.
        func frames(streamingLive: Bool) -> StrokeLoad.Stroke {
            func frame(_ text: String) -> [UInt8] { EditorClient.maskedFrame(opcode: 1, payload: Array(text.utf8)) }
            return StrokeLoad.Stroke(live: streamingLive ? live.flatMap(frame) : [], whole: frame(whole),
                                     ack: Array(ServerMessage.ack(op: op, sequence: nil).json.utf8.dropLast()))
        }
    }

    /// Opens the generated document in headless Chromium through scripts/first-render.py: the
    /// seconds to the first frame with strokes and to the page's hello. Nil (and a note) when the
    /// end-to-end environment (`make test` makes it) is missing.
    private func firstRender(store: SQLiteDocumentStore, server: MarkupServer) throws -> (firstFrame: Double, hello: Double)? {
        guard BrowserScript.isAvailable(for: "server.chromium.firstRender") else { return nil }
        // As a person's document comes into the library: imported, with its thumbnail and first view.
        let id = try DocumentImporter.importData(MarkupFile(markup: document.markup).encoded(), name: "generated.markup", into: store).id
        let times = try BrowserScript.runNumbers("first-render.py", ["http://127.0.0.1:\(server.port)/edit/\(id)"])
        guard times.count == 2 else { throw BenchmarkError.mismatch("first-render.py printed \(times)") }
        return (times[0], times[1])
    }

    /// Draws in headless Chromium through scripts/ink-latency.py, on a link adding a 300 ms round trip:
    /// the p99 from a pen move to the frame painting its ink, as the page measures it. Nil (and a note)
    /// without the end-to-end environment.
    private func penToInk(store: SQLiteDocumentStore, server: MarkupServer) throws -> Double? {
        guard BrowserScript.isAvailable(for: "server.chromium.penToInk") else { return nil }
        let page = Markup(bounds: Rect(x: 0, y: 0, width: 768, height: 1024))
        let id = try store.create(title: "pen", encoded: MarkupFile(markup: page).encoded()).id
        return try BrowserScript.run("ink-latency.py", ["http://127.0.0.1:\(server.port)/edit/\(id)"])
    }
}
