import Foundation
@testable import MarkupFormat
import Testing

/// The executables start themselves again asking glibc for huge pages, and leave a say the person
/// running them gave alone.
@Suite struct HugePagesTests {
    @Test func theTunableIsAddedOnceAndAnExplicitChoiceIsKept() {
        #expect(HugePages.tunables(adding: nil) == "glibc.malloc.hugetlb=1")
        #expect(HugePages.tunables(adding: "") == "glibc.malloc.hugetlb=1")
        #expect(HugePages.tunables(adding: "glibc.malloc.arena_max=2") == "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1")
        #expect(HugePages.tunables(adding: "glibc.malloc.hugetlb=0") == nil)
        #expect(HugePages.tunables(adding: "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1") == nil)
    }

    @Test func programsStartedFromHereRunAsTheMachineHasThem() {
        #expect(HugePages.environmentWithoutThem(["GLIBC_TUNABLES": "glibc.malloc.hugetlb=1", "PATH": "/bin"]) == ["PATH": "/bin"])
        #expect(HugePages.environmentWithoutThem(["GLIBC_TUNABLES": "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1"])
            == ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"])
        #expect(HugePages.environmentWithoutThem(["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"]) == ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"])
    }

    /// What a running `markupkit serve` was started with, as the kernel has it.
    private func environmentOfServer(startedWith environment: [String: String]) throws -> [String] {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let process = try cli.startServer(environment: environment)
        defer { CLIRunner.stop(process) }
        // The re-executed process has the same pid; its environment is the one it was started with last.
        let path = "/proc/\(process.processIdentifier)/environ"
        let deadline = Date().addingTimeInterval(10)
        var entries = [String]()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            entries = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if entries.contains(where: { $0.hasPrefix("GLIBC_TUNABLES=") }) || !kernelHasHugePages { break }
        }
        return entries
    }

    private var kernelHasHugePages: Bool {
        let mode = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? "[never]"
        return !mode.contains("[never]")
    }

    @Test func theServerRunsWithHugePagesWhereTheKernelHasThem() throws {
        let entries = try environmentOfServer(startedWith: ["PATH": "/usr/bin:/bin"])
        #expect(entries.contains("GLIBC_TUNABLES=glibc.malloc.hugetlb=1") == kernelHasHugePages)
        #expect(entries.contains("PATH=/usr/bin:/bin"))
    }

    @Test func aChoiceOfSmallPagesIsKept() throws {
        let entries = try environmentOfServer(startedWith: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"])
        #expect(entries.contains("GLIBC_TUNABLES=glibc.malloc.hugetlb=0"))
        #expect(!entries.contains { $0.hasPrefix("GLIBC_TUNABLES=") && $0 != "GLIBC_TUNABLES=glibc.malloc.hugetlb=0" })
    }
}
