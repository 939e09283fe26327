import Foundation
import MarkupModel
@testable import MarkupStore
import MarkupTestSupport
import Testing

/// A child process autosaves strokes and is killed with SIGKILL at random moments; every change it
/// reported as saved must be in the library, which must always open (and pass SQLite's integrity
/// check): on a SQLite file, and on a real PostgreSQL, where the kill also cuts its connection.
struct CrashSafetyTests {
    static let kills = 200

    static var probe: URL { BuiltProducts.executable(named: "markupkit-autosave-probe") }

    @Test(.timeLimit(.minutes(5)), arguments: StoreBackend.allCases)
    func everyAcknowledgedChangeSurvivesSIGKILL(_ backend: StoreBackend) throws {
        let library = try backend.library()
        var random = SeededRandom(seed: 2026)
        var added = Set<String>(), removed = Set<String>(), removing = Set<String>()
        var acknowledged = 0, mostVersions = 0
        // At least `kills` kills, and more (up to three times as many) while too few saves were
        // acknowledged to mean much, as on a slow disk or a machine busy with other tests.
        var kill = 0
        while kill < Self.kills || (acknowledged <= 1000 && kill < 3 * Self.kills) {
            defer { kill += 1 }
            let process = Process()
            process.executableURL = Self.probe
            process.arguments = [library.location]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Anywhere from start-up to a few hundred saves in.
            usleep(UInt32(random.uniform(5_000...400_000)))
            Glibc.kill(process.processIdentifier, SIGKILL)
            let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "the probe stopped by itself before kill \(kill)")
            for line in lines {
                let parts = line.split(separator: " ")
                guard parts.count == 2 else { continue }
                let id = String(parts[1])
                switch parts[0] {
                case "added": added.insert(id); acknowledged += 1
                case "removing": removing.insert(id)
                case "removed": removed.insert(id); acknowledged += 1
                default: break
                }
            }
            // The library opens, is sound, and holds every acknowledged change.
            let store = try library.open()
            #expect(try library.isSound(store), "kill \(kill)")
            guard let summary = try store.documents().first(where: { $0.title == "probe" }) else {
                #expect(added.isEmpty, "kill \(kill): the document is gone")
                continue
            }
            let document = try store.open(summary.id)
            #expect(document.summary.readOnlyReason == nil)
            mostVersions = max(mostVersions, try store.versions(of: summary.id).count)
            let present = Set(document.markup.elements.map(\.id.description))
            let missing = added.subtracting(removed).subtracting(removing).subtracting(present)
            #expect(missing.isEmpty, "kill \(kill): \(missing.count) acknowledged strokes lost")
            #expect(present.isDisjoint(with: removed), "kill \(kill): acknowledged removals undone")
            // A removal in flight when the probe died may or may not have happened; settle it.
            for id in removing.subtracting(removed) where !present.contains(id) { removed.insert(id) }
            removing.removeAll()
            guard missing.isEmpty else { break }
        }
        print("crash test, \(backend): \(acknowledged) acknowledged, \(added.count - removed.count) strokes, at most \(mostVersions) versions")
        #expect(acknowledged > 1000, "too few saves to mean much: \(acknowledged)")
        #expect(mostVersions > 1, "no snapshot was ever written")
    }
}
