import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One `markupkit serve` for a SQLite library: a second one would keep its own copy of the open
/// documents, and the pages on each would no longer see each other's strokes. Held, as a lock on a
/// file beside the library, until the process ends. (Several servers share a PostgreSQL library,
/// which tells each of the others' changes.)
enum ServeLock {
    struct Held: Error, CustomStringConvertible {
        let library: String
        let holder: String
        var description: String {
            "another markupkit serve (\(holder)) is serving \(library); stop it first, or share a PostgreSQL library between servers (docs/DEPLOY.md)"
        }
    }

    /// Takes the lock for the library at `path`, or says who holds it.
    static func take(for path: String) throws {
        let lockPath = path + "-serve.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        // A folder where no lock file can be made (read-only) serves without one.
        guard descriptor >= 0 else { return }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(descriptor, &buffer, buffer.count)
            close(descriptor)
            let pid = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Held(library: path, holder: pid.isEmpty ? "another process" : "process \(pid)")
        }
        let pid = Data("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        // The descriptor stays open, and the lock held, for as long as the server runs.
    }
}
