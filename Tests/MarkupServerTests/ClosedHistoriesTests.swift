import Foundation
import MarkupEditor
import MarkupStore
@testable import MarkupServer
import Testing

/// Closed documents' undo histories stay bounded in count, bytes and age, the oldest going first.
struct ClosedHistoriesTests {
    /// Histories recognisable by their one scope's name.
    static func histories(_ name: String) -> UndoHistories {
        UndoHistories(steps: [name: UndoHistories.Steps(undo: [], redo: [])])
    }

    static func name(of histories: UndoHistories?) -> String? { histories?.steps.keys.first }

    @Test func theNewestAreKeptWithinTheCount() {
        var closed = ClosedHistories(maximumCount: 3, maximumBytes: 1_000)
        let ids = (0..<5).map { _ in DocumentID() }
        let start = Date()
        for (index, id) in ids.enumerated() {
            closed.keep(Self.histories("page:\(index)"), bytes: 10, of: id, closed: start + Double(index))
        }
        #expect(closed.count == 3 && closed.bytes == 30)
        #expect(closed.take(ids[0]) == nil && closed.take(ids[1]) == nil)
        #expect(Self.name(of: closed.take(ids[2])) == "page:2")
        #expect(closed.take(ids[2]) == nil, "taken once")
        #expect(closed.count == 2 && closed.bytes == 20)
    }

    @Test func theOldestGoWhenTheBytesRunOver() {
        var closed = ClosedHistories(maximumCount: 32, maximumBytes: 100)
        let (a, b, c) = (DocumentID(), DocumentID(), DocumentID())
        let start = Date()
        closed.keep(Self.histories("a"), bytes: 40, of: a, closed: start)
        closed.keep(Self.histories("b"), bytes: 40, of: b, closed: start + 1)
        closed.keep(Self.histories("c"), bytes: 40, of: c, closed: start + 2)
        #expect(closed.bytes == 80 && closed.count == 2)
        #expect(closed.take(a) == nil)
        #expect(Self.name(of: closed.take(b)) == "b" && Self.name(of: closed.take(c)) == "c")
        // Larger than all allowed: not kept, and nothing else let go for it.
        closed.keep(Self.histories("a"), bytes: 30, of: a, closed: start + 3)
        closed.keep(Self.histories("huge"), bytes: 101, of: b, closed: start + 4)
        #expect(closed.count == 1 && closed.bytes == 30 && Self.name(of: closed.take(a)) == "a")
    }

    @Test func keptAgainReplacesAndAgedOnesGo() {
        var closed = ClosedHistories(maximumCount: 32, maximumBytes: 100, maximumAge: 60)
        let (a, b) = (DocumentID(), DocumentID())
        let start = Date()
        closed.keep(Self.histories("first"), bytes: 50, of: a, closed: start)
        closed.keep(Self.histories("second"), bytes: 60, of: a, closed: start + 1)
        #expect(closed.count == 1 && closed.bytes == 60)
        #expect(Array(closed.current(at: start + 30).keys) == [a])
        #expect(closed.current(at: start + 61).isEmpty, "older than the age allowed")
        // Keeping another after the age has passed lets the aged one go.
        closed.keep(Self.histories("b"), bytes: 10, of: b, closed: start + 90)
        #expect(closed.count == 1 && closed.bytes == 10 && closed.take(a) == nil)
        closed.forget(b)
        #expect(closed.count == 0 && closed.bytes == 0)
        // Taken once too old, they are not given, and are gone.
        closed.keep(Self.histories("late"), bytes: 10, of: a, closed: start + 100)
        #expect(closed.take(a, at: start + 161) == nil && closed.count == 0 && closed.bytes == 0)
        closed.keep(Self.histories("in time"), bytes: 10, of: a, closed: start + 200)
        #expect(Self.name(of: closed.take(a, at: start + 259)) == "in time")
    }
}
