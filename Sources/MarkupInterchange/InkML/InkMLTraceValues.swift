/// The values of an InkML `<trace>`: points separated by commas, each a list of channel values,
/// explicit (`!`), first differences (`'`) or second differences (`"`), the mode carrying on per
/// channel until changed; `?` is unknown and `*` repeats. Booleans (`T`, `F`) read as 1 and 0.
enum InkMLTraceValues {
    private enum Mode { case explicit, first, second }

    /// One value per channel per point; nil where a point leaves a channel out or unknown.
    static func parse(_ text: String, channelCount: Int) throws(InterchangeError) -> [[Double?]] {
        var text = text
        let result = text.withUTF8 { bytes -> Result<[[Double?]], InterchangeError> in
            do throws(InterchangeError) { return .success(try parse(bytes, channelCount: channelCount)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, channelCount: Int) throws(InterchangeError) -> [[Double?]] {
        var scanner = DecimalScanner(bytes)
        var points: [[Double?]] = []
        var modes = [Mode](repeating: .explicit, count: channelCount)
        var previous = [Double?](repeating: nil, count: channelCount)
        var velocity = [Double](repeating: 0, count: channelCount)
        var point: [Double?] = []
        func finishPoint() throws(InterchangeError) {
            guard !point.isEmpty else { return }
            guard points.count < 1_000_000 else { throw .tooLarge(.inkML, reason: "a trace has more than a million points") }
            while point.count < channelCount { point.append(nil) }
            points.append(point)
            point = []
        }
        while true {
            scanner.skipWhitespace()
            guard let byte = scanner.current else { break }
            if byte == UInt8(ascii: ",") {
                scanner.advance()
                try finishPoint()
                continue
            }
            guard point.count < channelCount else {
                throw .malformed(.inkML, reason: "a trace point has more values than its trace format has channels "
                    + "(one that no context or traceFormat applies to has X and Y alone)")
            }
            let channel = point.count
            switch byte {
            case UInt8(ascii: "!"): modes[channel] = .explicit; scanner.advance(); continue
            case UInt8(ascii: "'"): modes[channel] = .first; scanner.advance(); continue
            case UInt8(ascii: "\""): modes[channel] = .second; scanner.advance(); continue
            case UInt8(ascii: "?"): scanner.advance(); point.append(nil); continue
            case UInt8(ascii: "*"): scanner.advance(); point.append(previous[channel]); continue
            case UInt8(ascii: "T"), UInt8(ascii: "F"):
                scanner.advance()
                point.append(byte == UInt8(ascii: "T") ? 1 : 0)
                continue
            default: break
            }
            guard let number = scanner.number() else { throw .malformed(.inkML, reason: "a trace holds something that is not a number") }
            let value: Double
            switch modes[channel] {
            case .explicit:
                value = number
                if let last = previous[channel] { velocity[channel] = number - last }
            case .first:
                guard let last = previous[channel] else { throw .malformed(.inkML, reason: "a trace starts with a difference") }
                velocity[channel] = number
                value = last + number
            case .second:
                guard let last = previous[channel] else { throw .malformed(.inkML, reason: "a trace starts with a difference") }
                velocity[channel] += number
                value = last + velocity[channel]
            }
            guard value.isFinite, abs(value) < 1e12 else { throw .malformed(.inkML, reason: "a trace value is out of range") }
            previous[channel] = value
            point.append(value)
        }
        try finishPoint()
        return points
    }
}
