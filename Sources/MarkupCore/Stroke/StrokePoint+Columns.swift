extension StrokePoint {
    /// Nine columns of whole steps, one an attribute, in the order `Steps` lists them: how a reader
    /// of the `.markup` format's point streams holds a batch of points before they are points.
    public struct StepColumns {
        public let x, y, time, width, height, opacity, force, azimuth, altitude: UnsafePointer<Int64>

        public init(
            x: UnsafePointer<Int64>, y: UnsafePointer<Int64>, time: UnsafePointer<Int64>, width: UnsafePointer<Int64>,
            height: UnsafePointer<Int64>, opacity: UnsafePointer<Int64>, force: UnsafePointer<Int64>,
            azimuth: UnsafePointer<Int64>, altitude: UnsafePointer<Int64>
        ) {
            (self.x, self.y, self.time, self.width, self.height) = (x, y, time, width, height)
            (self.opacity, self.force, self.azimuth, self.altitude) = (opacity, force, azimuth, altitude)
        }
    }

    /// A point whose steps lie outside their valid ranges: `index` counts from the first point asked for.
    public struct StepsOutOfRange: Error, Hashable, Sendable {
        public let index: Int

        public init(index: Int) { self.index = index }
    }

    /// The `count` points that start at `start` in `columns`, each value's range checked as
    /// `init?(steps:)` does. One loop in this module, where making a point is a few stores: opening
    /// a large document makes millions.
    public static func points(from columns: StepColumns, start: Int, count: Int) throws(StepsOutOfRange) -> [StrokePoint] {
        func steps(at index: Int) -> Steps {
            let at = start + index
            return Steps(x: columns.x[at], y: columns.y[at], time: columns.time[at], width: columns.width[at],
                         height: columns.height[at], opacity: columns.opacity[at], force: columns.force[at],
                         azimuth: columns.azimuth[at], altitude: columns.altitude[at])
        }
        var valid = true
        let points = [StrokePoint](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                let steps = steps(at: index)
                valid = valid && steps.isValid
                (buffer.baseAddress! + index).initialize(to: StrokePoint(validSteps: steps))
            }
            initialized = count
        }
        guard valid else { throw StepsOutOfRange(index: (0..<count).first { !steps(at: $0).isValid } ?? 0) }
        return points
    }
}
