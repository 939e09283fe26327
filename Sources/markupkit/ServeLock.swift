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
        // A first start makes the library's folder here, so the lock has somewhere to be.
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        // Named after the file itself, so a link to it (or another way to write its path) finds the same lock.
        let resolved = realpath(path, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) } ?? path
        let lockPath = resolved + "-serve.lock"
        var descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        // Another user's lock file can still be locked through a descriptor that only reads it; a
        // folder where none can be made (read-only) serves without one.
        if descriptor < 0 { descriptor = open(lockPath, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            // Only a lock held elsewhere refuses; a file system without locks serves without one.
            guard errno == EWOULDBLOCK else {
                close(descriptor)
                return
            }
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
