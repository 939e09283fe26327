import Foundation

/// One measured figure: a case name, a value and its unit.
struct Measurement: Encodable {
    let name: String
    let value: Double
    let unit: String
}

/// A group of benchmark cases sharing set-up; `run` returns the figures for the cases whose names pass `filter`.
protocol BenchmarkSuite {
    /// The names of the figures this suite produces, so `--filter` can skip a whole suite.
    var caseNames: [String] { get }
    func run(including filter: (String) -> Bool) throws -> [Measurement]
}

/// Wall-clock and CPU timing helpers.
enum Clock {
    /// CPU seconds the whole process has used, on every core, user and system.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// CPU seconds the hypervisor has taken from this virtual machine's cores (the `steal` column of
    /// /proc/stat, all cores), at the kernel's 10 ms resolution; 0 where the machine does not report it.
    static func stolenCPUSeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return 0 }
        let fields = line.split(separator: " ")
        guard fields.count > 8, let ticks = Double(fields[8]) else { return 0 }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Wall-clock and CPU seconds taken by `body`.
    static func wallAndCPU(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        let cpu = processCPUSeconds()
        let wall = try seconds(body)
        return (wall, processCPUSeconds() - cpu)
    }

    /// Seconds taken by `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The fastest of `repetitions` runs of `body`, in seconds: the least disturbed by other load.
    static func bestOf(_ repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<repetitions { best = min(best, try seconds(body)) }
        return best
    }
}
