import Foundation
import MarkupFormat
import MarkupModel
import MarkupStore
import MarkupTestSupport

// `markupkit-autosave-probe LIBRARY`: autosaves strokes into the document "probe" of the library
// at LIBRARY (a SQLite file, or a `postgres://` URL) until it is
// killed, with snapshots far more often than usual. After each durable save it writes
// `added ID` or `removed ID`; before a removal, `removing ID`. The crash-safety test kills it at
// random moments and checks that everything it reported is in the library.

func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: markupkit-autosave-probe LIBRARY\n".utf8))
    exit(2)
}

do {
    let location = CommandLine.arguments[1]
    let store: any DocumentStore = location.hasPrefix("postgres://") ? try PostgresDocumentStore(url: location) : try SQLiteDocumentStore(path: location)
    let existing = try store.documents().first { $0.title == "probe" }
    let id = try existing?.id ?? store.create(title: "probe", encoded: MarkupFile(markup: Markup(bounds: Rect(x: 0, y: 0, width: 800, height: 1000))).encoded()).id
    var markup = try store.open(id).markup
    let policy = SnapshotPolicy(minimumJournalBytes: 8 << 10, journalFractionOfSnapshot: 0.05, keptVersions: 3)
    let session = try AutosaveSession(store: store, document: try store.open(id), policy: policy)
    var random = SeededRandom(seed: UInt64(getpid()) &* 2_654_435_761 &+ UInt64(Date().timeIntervalSince1970 * 1000))
    report("ready")
    while true {
        let change: MarkupChange
        if random.next() % 5 == 0, let victim = markup.elements.randomElement(using: &random) {
            report("removing \(victim.id)")
            change = MarkupChange(removed: [victim.id])
        } else {
            var location = Point(x: random.uniform(0...800), y: random.uniform(0...1000))
            let points = (0..<(20 + Int(random.next() % 60))).map { index in
                location = Point(x: location.x + random.uniform(-4...4), y: location.y + random.uniform(-4...4))
                return StrokePoint(location: location, timeOffset: Double(index) / 240, size: Size(width: 3, height: 3), force: random.uniform(0.2...1.5))
            }
            change = MarkupChange(added: [Element(zIndex: markup.nextZIndex, frame: .zero, content: .stroke(Stroke(ink: Ink(.pen), points: points)))])
        }
        markup.apply(change)
        let current = markup
        try session.record(change) { current }
        if let added = change.added.first { report("added \(added.id)") }
        if let removed = change.removed.first { report("removed \(removed)") }
    }
} catch {
    FileHandle.standardError.write(Data("markupkit-autosave-probe: \(error)\n".utf8))
    exit(1)
}
