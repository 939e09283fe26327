import MarkupCore

/// The geometry of a stroke as it grows: its centre line, and one outliner along it per layer of
/// the ink.
///
/// Feed it points as they arrive and read `geometry` at any moment; `finish()` when the pen lifts.
/// Building a whole stroke at once is the same as feeding it in any batches: `StrokeGeometry(stroke:)`
/// does exactly that.
public struct LiveStrokeOutline: Sendable {
    public let options: InkOptions
    private var centerline: StrokeCenterline
    private var outliners: [StrokeOutliner]
    /// Per layer, how many finished contours `takeUpdate()` has handed out.
    private var reportedCounts: [Int]

    public init(ink: Ink, transform: Transform2D = .identity, randomSeed: UInt32 = 0, options: InkOptions? = nil) {
        let options = options ?? InkOptions.for(ink.type)
        self.options = options
        let centerline = StrokeCenterline(transform: transform, roughness: options.edgeRoughness, seed: randomSeed,
                                          startTaper: options.startTaper)
        self.centerline = centerline
        outliners = options.layers.map {
            StrokeOutliner(options: options, transform: transform, centerline: centerline, expansion: $0.expansion)
        }
        reportedCounts = []
    }

    public mutating func append<C: Collection>(_ points: C) where C.Element == StrokePoint {
        centerline.append(points)
        for index in outliners.indices { outliners[index].advance(along: centerline) }
    }

    public mutating func finish() {
        if let taper = outliners.first?.endTaper(along: centerline) { centerline.markEndTaper(taper) }
        for index in outliners.indices { outliners[index].finish(along: centerline) }
    }

    /// The layers as they stand.
    public var geometry: StrokeGeometry {
        StrokeGeometry(layers: zip(options.layers, outliners).map { style, outliner in
            OutlineLayer(outline: outliner.contours(along: centerline), opacity: style.opacity, texture: style.texture)
        })
    }

    /// What changed since the last update, per layer: contours newly finished (they never change
    /// again) and the provisional rest, which replaces the previous provisional contours. What a view
    /// of a live stroke needs, at a cost that follows the change, not the stroke's length.
    public mutating func takeUpdate() -> Update {
        var update = Update(newlyFinished: [], provisional: [])
        if reportedCounts.isEmpty { reportedCounts = Array(repeating: 0, count: outliners.count) }
        for (index, outliner) in outliners.enumerated() {
            update.newlyFinished.append(outliner.finishedContours.suffix(from: reportedCounts[index]))
            update.provisional.append(outliner.provisionalContours(along: centerline))
            reportedCounts[index] = outliner.finishedContours.count
        }
        return update
    }

    /// Contours per layer, in layer order.
    public struct Update: Hashable, Sendable {
        public var newlyFinished: [ContourList]
        public var provisional: [ContourList]

        /// The update as one list of numbers, as the WebAssembly module hands it to the page: the
        /// layer count, then per layer its newly finished and its provisional contours, each a count
        /// of contours followed by the contours (a point count, then x, y of each point).
        public var flattened: [Double] {
            [Double](unsafeUninitializedCapacity: flattenedCount) { buffer, count in count = writeFlattened(to: buffer) }
        }

        /// How many numbers `flattened` holds.
        public var flattenedCount: Int {
            var count = 1 + 2 * layerCount
            for list in newlyFinished { count += list.ends.count + 2 * list.points.count }
            for list in provisional { count += list.ends.count + 2 * list.points.count }
            return count
        }

        private var layerCount: Int { Swift.max(newlyFinished.count, provisional.count) }

        /// Writes `flattened` into `buffer` (at least `flattenedCount` long) without building an
        /// array; returns how many numbers it wrote.
        public func writeFlattened(to buffer: UnsafeMutableBufferPointer<Double>) -> Int {
            var at = 0
            func put(_ value: Double) {
                buffer[at] = value
                at += 1
            }
            func put(_ contours: ContourList) {
                put(Double(contours.ends.count))
                var start = 0
                for end in contours.ends {
                    put(Double(end - start))
                    for point in contours.points[start..<end] {
                        put(point.x)
                        put(point.y)
                    }
                    start = end
                }
            }
            put(Double(layerCount))
            for layer in 0..<layerCount {
                put(layer < newlyFinished.count ? newlyFinished[layer] : ContourList())
                put(layer < provisional.count ? provisional[layer] : ContourList())
            }
            return at
        }
    }
}

extension StrokeGeometry {
    /// The finished geometry of `stroke`, drawn with its ink's options.
    public init(stroke: Stroke, options: InkOptions? = nil) {
        var live = LiveStrokeOutline(ink: stroke.ink, transform: stroke.transform, randomSeed: stroke.randomSeed, options: options)
        live.append(stroke.points)
        live.finish()
        self = live.geometry
    }
}
