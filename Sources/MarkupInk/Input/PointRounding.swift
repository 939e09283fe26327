import MarkupCore

/// How a batch's points are rounded to their grids. A batch is first shaped with `InRangeRounding`,
/// which leaves out every clamp, while the shaping checks that its samples' values lie where that
/// gives the same points as clamping; a batch that has one outside is shaped again with
/// `ClampingRounding`, with no sample-by-sample check, and an ink whose widths can pass the largest
/// size is shaped with it from the start. Chosen at compile time: the shaping loop is made once
/// for each.
protocol PointRounding {
    /// Whether the values are known to lie in their ranges (`StrokePoint(inRange:…)`).
    static var knowsRanges: Bool { get }
}

/// Every value clamped into its range on the way (`StrokePoint(location:timeOffset:size:…)`).
enum ClampingRounding: PointRounding {
    static var knowsRanges: Bool { false }
}

/// No value clamped: for a batch whose values lie in their ranges.
enum InRangeRounding: PointRounding {
    static var knowsRanges: Bool { true }
}
