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
