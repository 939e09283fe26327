import Foundation
import MarkupFormat
import MarkupInk
import MarkupModel
import MarkupRender
import MarkupStore
import MarkupTestSupport

/// Autosave into a real library on disk: the cost of journaling one stroke on a small and on the
/// generated large document, in the same run (it must not grow with the document), its p99, and
/// the time to open the large document again.
struct StoreBenchmarks: BenchmarkSuite {
    let document: GeneratedDocument

    let caseNames = [
        "store.autosave.small.meanMilliseconds", "store.autosave.large.meanMilliseconds", "store.autosave.ratio",
        "store.autosave.small.p99Milliseconds", "store.autosave.large.p99Milliseconds", "store.open.large.seconds",
        "store.autosave.duringSnapshot.p99Milliseconds", "store.autosave.duringSnapshot.maxMilliseconds",
        "store.journalEntry.encodeMicroseconds",
        "store.postgres.autosave.large.meanMilliseconds", "store.postgres.autosave.large.p99Milliseconds", "store.postgres.open.large.seconds",
        "store.pdfDocument.libraryMegabytes",
    ]

    static let smallStrokes = 1000
    /// Strokes saved one at a time into each document.
    static let savedStrokes = 1000

    func run(including filter: (String) -> Bool) throws -> [Measurement] {
        let entry = filter("store.journalEntry.encodeMicroseconds") ? try journalEntryTime() : nil
        let pdf = filter("store.pdfDocument.libraryMegabytes") ? try pdfDocumentLibrary() : nil
        let postgres = caseNames.contains { filter($0) && $0.hasPrefix("store.postgres.") } ? try postgresAutosave() : []
        let others = [entry, pdf].compactMap { $0 } + postgres.filter { filter($0.name) }
        guard caseNames.contains(where: { filter($0) && !["store.journalEntry", "store.postgres.", "store.pdfDocument."].contains(where: $0.hasPrefix) }) else {
            return others
        }
        let folder = NSTemporaryDirectory() + "markupkit-bench-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try SQLiteDocumentStore(path: folder + "/library.sqlite")
        let newStrokes = GeneratedDocument(strokes: Self.savedStrokes, seed: 2).markup.elements
        let small = GeneratedDocument(strokes: Self.smallStrokes, seed: 1).markup
        // Turns taken, so that a slow spell of the disk falls on both.
        var smallSession = try Session(store: store, markup: small)
        var largeSession = try Session(store: store, markup: document.markup)
        for (offset, element) in newStrokes.enumerated() {
            try smallSession.save(element, offset: offset)
            try largeSession.save(element, offset: offset)
        }
        try smallSession.session.close(smallSession.markup)
        try largeSession.session.waitForSnapshots().map { throw $0 }
        var reopened: StoredDocument?
        let openSeconds = try Clock.seconds { reopened = try store.open(largeSession.id) }
        guard reopened?.markup.elements.count == largeSession.markup.elements.count else {
            throw BenchmarkError.mismatch("the reopened document lost strokes")
        }
        let duringSnapshot = try strokesDuringSnapshot(of: &largeSession, strokes: newStrokes)
        let smallMean = smallSession.latencies.reduce(0, +) / Double(smallSession.latencies.count)
        let largeMean = largeSession.latencies.reduce(0, +) / Double(largeSession.latencies.count)
        return [
            Measurement(name: "store.autosave.small.meanMilliseconds", value: smallMean * 1000, unit: "ms per stroke (\(Self.smallStrokes)-stroke document)"),
            Measurement(name: "store.autosave.large.meanMilliseconds", value: largeMean * 1000, unit: "ms per stroke (\(document.strokes)-stroke document)"),
            Measurement(name: "store.autosave.ratio", value: largeMean / smallMean, unit: "large ÷ small"),
            Measurement(name: "store.autosave.small.p99Milliseconds", value: smallSession.p99 * 1000, unit: "ms"),
            Measurement(name: "store.autosave.large.p99Milliseconds", value: largeSession.p99 * 1000, unit: "ms"),
            Measurement(name: "store.open.large.seconds", value: openSeconds, unit: "s (snapshot and \(Self.savedStrokes) journal entries)"),
            Measurement(name: "store.autosave.duringSnapshot.p99Milliseconds", value: duringSnapshot.p99 * 1000,
                        unit: "ms per stroke while the large document's \(duringSnapshot.megabytes) MB snapshot is written (\(duringSnapshot.count) strokes)"),
            Measurement(name: "store.autosave.duringSnapshot.maxMilliseconds", value: duringSnapshot.max * 1000, unit: "ms (target ≤ 20)"),
        ].filter { filter($0.name) } + others
    }

    /// A 200-page PDF document with 50 versions (a stroke more each) in a SQLite library: the
    /// library file's size once closed, beside what the versions would hold were each to repeat the PDF.
    private func pdfDocumentLibrary() throws -> Measurement {
        let folder = NSTemporaryDirectory() + "markupkit-bench-pdf-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/library.sqlite"
        var markup = try BackgroundDocuments.markup(background: SamplePDF.make(pages: 200), title: "Handout")
        let strokes = GeneratedDocument(strokes: 50, seed: 3).markup.elements
        var whole = 0
        try {
            let store = try SQLiteDocumentStore(path: path)
            let id = try store.create(title: "Handout", encoded: try MarkupFile(markup: markup).encoded()).id
            for (index, stroke) in strokes.enumerated() {
                markup.insert(stroke)
                let encoded = try MarkupFile(markup: markup).encoded()
                whole += encoded.count
                try store.writeSnapshot(encoded, thumbnail: nil, of: id, through: Int64(index + 1), keepingVersions: 50)
            }
        }()
        let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        return Measurement(name: "store.pdfDocument.libraryMegabytes", value: Double(bytes) / 1e6,
                           unit: "MB of library file for a 200-page PDF document's 50 versions (\(whole / 1_000_000) MB were each to hold the PDF)")
    }

    /// The same saves into the large document with the library on a real PostgreSQL on this machine
    /// (scripts/postgres.sh, over a Unix socket), snapshots included; left out, saying so, where
    /// PostgreSQL is not installed.
    private func postgresAutosave() throws -> [Measurement] {
        guard let url = TemporaryPostgres.benchmarkDatabase(for: "store.postgres") else { return [] }
        let store = try PostgresDocumentStore(url: url)
        var session = try Session(store: store, markup: document.markup)
        for (offset, element) in GeneratedDocument(strokes: Self.savedStrokes, seed: 2).markup.elements.enumerated() {
            try session.save(element, offset: offset)
        }
        try session.session.waitForSnapshots().map { throw $0 }
        var reopened: StoredDocument?
        let openSeconds = try Clock.seconds { reopened = try store.open(session.id) }
        guard reopened?.markup.elements.count == session.markup.elements.count else {
            throw BenchmarkError.mismatch("the reopened document lost strokes on PostgreSQL")
        }
        let mean = session.latencies.reduce(0, +) / Double(session.latencies.count)
        return [
            Measurement(name: "store.postgres.autosave.large.meanMilliseconds", value: mean * 1000,
                        unit: "ms per stroke (\(document.strokes)-stroke document, library on PostgreSQL)"),
            Measurement(name: "store.postgres.autosave.large.p99Milliseconds", value: session.p99 * 1000, unit: "ms"),
            Measurement(name: "store.postgres.open.large.seconds", value: openSeconds, unit: "s (snapshot and the journal after it)"),
        ]
    }

    /// What journaling one stroke costs before SQLite sees it: `ChangeCodec.encode` of a change adding
    /// one stroke as a page draws it, one core, the fastest of five rounds of 2,000.
    private func journalEntryTime() throws -> Measurement {
        let changes = try BrowserStroke.generate(count: 2000, seed: 8).compactMap { item in
            try item.draw().map { MarkupChange(added: [Element(zIndex: 1, frame: .zero, content: .stroke($0.stroke))]) }
        }
        let points = changes.reduce(0) { total, change in
            guard case .stroke(let stroke) = change.added[0].content else { return total }
            return total + stroke.points.count
        }
        var bytes = 0
        let seconds = try Clock.bestOf(5) {
            bytes = 0
            for change in changes { bytes += try ChangeCodec.encode(change).count }
        }
        return Measurement(name: "store.journalEntry.encodeMicroseconds", value: seconds / Double(changes.count) * 1e6,
                           unit: "µs to encode one stroke's journal entry (\(points / changes.count) points and \(bytes / changes.count) bytes on average; one core)")
    }

    /// Strokes saved one after another on the large document while its full snapshot is written in
    /// the background, from the moment the snapshot is handed over until it is in the library.
    private func strokesDuringSnapshot(of session: inout Session, strokes: [Element]) throws -> (p99: Double, max: Double, count: Int, megabytes: Int) {
        let before = session.latencies.count
        let megabytes = try MarkupFile(markup: session.markup).encoded().count >> 20
        session.session.snapshot(session.markup, through: session.session.savedSequence)
        var offset = 0
        while session.session.isWritingSnapshot || offset < 10 {
            try session.save(strokes[offset % strokes.count], offset: offset)
            offset += 1
        }
        try session.session.waitForSnapshots().map { throw $0 }
        let during = session.latencies[before...].sorted()
        return (during[during.count * 99 / 100], during.last!, during.count, megabytes)
    }

    /// One document being autosaved, stroke by stroke.
    private struct Session {
        let id: DocumentID
        let session: AutosaveSession
        var markup: Markup
        var latencies = [Double]()

        init(store: any DocumentStore, markup: Markup) throws {
            id = try store.create(title: "bench", encoded: MarkupFile(markup: markup).encoded()).id
            session = try AutosaveSession(store: store, document: store.open(id))
            self.markup = markup
        }

        mutating func save(_ element: Element, offset: Int) throws {
            let stroke = Element(zIndex: markup.nextZIndex, frame: element.frame, content: element.content)
            let change = MarkupChange(added: [stroke])
            markup.apply(change)
            let current = markup
            latencies.append(try Clock.seconds { try session.record(change) { current } })
        }

        var p99: Double { latencies.sorted()[latencies.count * 99 / 100] }
    }
}
