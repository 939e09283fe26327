import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file written beside its target and put in its place only when whole, so a crash or a failure
/// leaves the old file (or none), never a part of the new one: the bytes go to a temporary file in
/// the same folder, are flushed to disk, and the file is renamed over the target; then the folder is
/// flushed so the rename itself survives. The new file keeps the old one's permissions and group,
/// and a symbolic link keeps pointing where it did (the file it names is the one replaced).
public final class ReplacingFile {
    /// Why the file could not be written; the target is as it was.
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    private let target: String
    private let temporary: String
    private let isDurable: Bool
    private var descriptor: Int32
    private var isCommitted = false

    /// Starts the new file for `path`; nothing there changes until `commit`. A file that need not
    /// survive a crash (one sent and deleted at once) is not `durable`: it is not flushed to disk.
    public init(replacing path: String, durable: Bool = true) throws(Failure) {
        isDurable = durable
        target = Self.resolvedTarget(path)
        let folder = Self.folder(of: target)
        temporary = (folder as NSString).appendingPathComponent(
            ".\((target as NSString).lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        var existing = stat()
        if stat(target, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
            // Its group first (a change of owner clears the set-id bits), as far as this user may.
            _ = fchown(descriptor, uid_t.max, existing.st_gid)
            fchmod(descriptor, existing.st_mode & 0o7777)
        }
    }

    deinit {
        guard !isCommitted else { return }
        if descriptor >= 0 { close(descriptor) }
        unlink(temporary)
    }

    /// Appends `data` to the new file.
    public func write(_ data: Data) throws(Failure) {
        guard descriptor >= 0, !isCommitted else { throw Failure(path: target, reason: "the file is already finished") }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if let failure { throw Failure(path: target, reason: failure) }
    }

    /// Flushes the new file and puts it in the target's place.
    public func commit() throws(Failure) {
        guard descriptor >= 0, !isCommitted else { throw Failure(path: target, reason: "the file is already finished") }
        var failure: String?
        if isDurable, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        descriptor = -1
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure { throw Failure(path: target, reason: failure) }
        isCommitted = true
        guard isDurable else { return }
        let folderDescriptor = open(Self.folder(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Writes `data` to `path` whole, or leaves `path` as it was.
    public static func write(_ data: Data, to path: String) throws(Failure) {
        let file = try ReplacingFile(replacing: path)
        try file.write(data)
        try file.commit()
    }

    private static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The file `path` names, through any symbolic links (to where a dangling one points); `path`
    /// itself when it is no link.
    private static func resolvedTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            // A link someone else left in a folder anyone may write to (/tmp) is not followed, as the
            // kernel's protected_symlinks would not: the file replaces the link instead.
            var folderStatus = stat()
            if status.st_uid != geteuid(), stat(folder(of: current), &folderStatus) == 0,
               folderStatus.st_mode & S_ISVTX != 0, folderStatus.st_mode & S_IWOTH != 0 { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : (folder(of: current) as NSString).appendingPathComponent(destination)
        }
        return current
    }
}
