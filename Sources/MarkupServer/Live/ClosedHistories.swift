import Foundation
import MarkupEditor
import MarkupStore

/// The undo histories of documents closed lately, kept in memory for pages coming back to them.
/// Bounded three ways: the newest `maximumCount` documents, about `maximumBytes` in all (the oldest
/// go first), and none older than `maximumAge`. A value guarded by its owner's lock.
struct ClosedHistories {
    /// One closed document's histories, when it closed, and their size (`UndoHistories.byteCount`).
    struct Kept {
        let histories: UndoHistories
        let closed: Date
        let bytes: Int
    }

    private var kept: [DocumentID: Kept] = [:]
    private(set) var bytes = 0
    let maximumCount: Int, maximumBytes: Int, maximumAge: TimeInterval

    init(maximumCount: Int = 32, maximumBytes: Int = 256 << 20, maximumAge: TimeInterval = 30 * 60) {
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
        self.maximumAge = maximumAge
    }

    var count: Int { kept.count }

    /// Keeps `histories` of document `id`, closed at `closed`, in place of any it had, then lets the
    /// oldest go while more than allowed are kept (histories larger than `maximumBytes` alone are
    /// not kept at all).
    mutating func keep(_ histories: UndoHistories, bytes size: Int, of id: DocumentID, closed: Date) {
        forget(id)
        forgetExpired(at: closed)
        guard size <= maximumBytes else { return }
        kept[id] = Kept(histories: histories, closed: closed, bytes: size)
        bytes += size
        while kept.count > maximumCount || bytes > maximumBytes,
              let oldest = kept.min(by: { $0.value.closed < $1.value.closed })?.key {
            forget(oldest)
        }
    }

    /// The histories kept for document `id`, no longer kept; nil when they are older than
    /// `maximumAge` at `now` (and forgotten).
    mutating func take(_ id: DocumentID, at now: Date = Date()) -> UndoHistories? {
        guard let taken = kept.removeValue(forKey: id) else { return nil }
        bytes -= taken.bytes
        return now.timeIntervalSince(taken.closed) < maximumAge ? taken.histories : nil
    }

    mutating func forget(_ id: DocumentID) {
        _ = take(id, at: .distantPast)
    }

    /// Those kept that are younger than `maximumAge` at `now`.
    func current(at now: Date) -> [DocumentID: Kept] {
        kept.filter { now.timeIntervalSince($0.value.closed) < maximumAge }
    }

    private mutating func forgetExpired(at now: Date) {
        for (id, entry) in kept where now.timeIntervalSince(entry.closed) >= maximumAge { forget(id) }
    }
}
