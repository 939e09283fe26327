import Foundation

/// A large document is mostly its points, in memory the process touches for the first time: opening
/// the 100,000-stroke document faults in about 170,000 pages of 4 KiB, and the kernel's share of the
/// work was a third of the opening. glibc's malloc asks for transparent huge pages (2 MiB) when
/// `GLIBC_TUNABLES` holds `glibc.malloc.hugetlb=1`, which glibc reads only as a process starts, so
/// MarkupKit's executables start themselves once more with it set.
public enum HugePages {
    static let tunable = "glibc.malloc.hugetlb"

    /// Re-executes the process with glibc's huge-page tunable added to `GLIBC_TUNABLES`, unless that
    /// already names it (`glibc.malloc.hugetlb=0` keeps small pages) or the kernel gives no
    /// transparent huge pages. Returns only when it does not re-execute, or when that fails.
    public static func adopt() {
        #if os(Linux)
        // Started again through /proc/self/exe, a process is named "exe": it takes back the name it
        // was started by, so `ps` and `pgrep -x markupkit` find it.
        if let first = CommandLine.arguments.first {
            try? String((first as NSString).lastPathComponent.prefix(15)).write(toFile: "/proc/self/comm", atomically: false, encoding: .utf8)
        }
        let existing = ProcessInfo.processInfo.environment["GLIBC_TUNABLES"]
        guard let tunables = tunables(adding: existing), kernelOffersThem() else { return }
        setenv("GLIBC_TUNABLES", tunables, 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Still here: the process goes on with small pages, as it would have.
        if let existing { setenv("GLIBC_TUNABLES", existing, 1) } else { unsetenv("GLIBC_TUNABLES") }
        #endif
    }

    /// `GLIBC_TUNABLES` with the huge-page tunable added, or nil when it already says something of it.
    static func tunables(adding existing: String?) -> String? {
        guard let existing, !existing.isEmpty else { return "\(tunable)=1" }
        if existing.split(separator: ":").contains(where: { $0.hasPrefix("\(tunable)=") }) { return nil }
        return "\(existing):\(tunable)=1"
    }

    /// This process's environment without the huge-page tunable, for a program started from here
    /// that should run as the machine has it (a browser being timed, say).
    public static func environmentWithoutThem(_ given: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = given
        let kept = environment["GLIBC_TUNABLES"]?.split(separator: ":").filter { $0 != "\(tunable)=1" }.joined(separator: ":")
        environment["GLIBC_TUNABLES"] = kept?.isEmpty == false ? kept : nil
        return environment
    }

    /// Whether transparent huge pages are there to ask for: `madvise` or `always`, not `never`.
    private static func kernelOffersThem() -> Bool {
        guard let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8) else { return false }
        return !mode.contains("[never]")
    }
}
