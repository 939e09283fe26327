import Foundation
import MarkupInk
import MarkupModel

/// Strokes as a page sends them: an ink, a pointer, a view, and browser samples in the batches
/// pointer events deliver them. For checking the WebAssembly ink against the native one and timing both.
public struct BrowserStroke: Sendable {
    public var ink: InkType
    public var width: Double?
    public var kind: PointerKind
    public var frame: Rect
    public var viewSize: Size
    public var batches: [[BrowserSample]]
    /// How strongly pressure sets the width (`InkOptions.withPressureSensitivity`).
    public var pressureSensitivity: Double

    public init(ink: InkType, width: Double?, kind: PointerKind, frame: Rect, viewSize: Size, batches: [[BrowserSample]], pressureSensitivity: Double = 1) {
        (self.ink, self.width, self.kind, self.frame, self.viewSize, self.batches) = (ink, width, kind, frame, viewSize, batches)
        self.pressureSensitivity = pressureSensitivity
    }

    public var sampleCount: Int { batches.reduce(0) { $0 + $1.count } }

    /// Strokes that wander as handwriting does, every ink in turn, at various rates, zooms,
    /// pressures and tilts, in random batches.
    public static func generate(count: Int, seed: UInt64) -> [BrowserStroke] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            let ink = InkType.allCases[index % InkType.allCases.count]
            let kind = PointerKind.allCases[Int(random.next() % 3)]
            let zoom = random.uniform(0.25...4)
            let viewSize = Size(width: random.uniform(300...1600), height: random.uniform(300...1200))
            let frame = Rect(x: random.uniform(-500...2000), y: random.uniform(-500...2000), width: viewSize.width / zoom, height: viewSize.height / zoom)
            var x = random.uniform(0...viewSize.width), y = random.uniform(0...viewSize.height), t = random.uniform(0...1e6)
            var heading = random.uniform(0...(2 * .pi)), speed = random.uniform(0.2...6)
            let interval = [1000.0 / 240, 1000.0 / 120, 1000.0 / 60][Int(random.next() % 3)]
            var samples = [BrowserSample]()
            for _ in 0..<Int(2 + random.next() % 300) {
                heading += random.uniform(-0.6...0.6)
                speed = min(max(speed + random.uniform(-0.5...0.5), 0), 12)
                x += cos(heading) * speed
                y += sin(heading) * speed
                t += interval * random.uniform(0.5...1.5)
                let pressure: Double? = kind == .mouse && random.unit() < 0.5 ? nil : random.uniform(0...1)
                let tilted = kind == .pen && random.unit() < 0.7
                samples.append(BrowserSample(x: x, y: y, milliseconds: t, pressure: pressure, tiltX: tilted ? random.uniform(-60...60) : nil,
                                             tiltY: tilted ? random.uniform(-60...60) : nil))
            }
            let width: Double? = random.unit() < 0.5 ? nil : random.uniform(0.5...40)
            return BrowserStroke(ink: ink, width: width, kind: kind, frame: frame, viewSize: viewSize, batches: batched(samples, &random))
        }
    }

    /// The first batch of 1–3 samples (a pointerdown), then batches of 1–24 (coalesced moves).
    public static func batched(_ samples: [BrowserSample], _ random: inout SeededRandom) -> [[BrowserSample]] {
        var batches = [[BrowserSample]](), start = 0
        while start < samples.count {
            let size = start == 0 ? 1 + Int(random.next() % 3) : 1 + Int(random.next() % 24)
            batches.append(Array(samples[start..<min(start + size, samples.count)]))
            start += size
        }
        return batches
    }

    /// Runs the stroke through the engine's ink as the page's module does, handing each update to
    /// `body`; returns the gesture, ended with the last batch (nil for a stroke of no batch).
    @discardableResult
    public func draw(_ body: (LiveStrokeOutline.Update) -> Void = { _ in }) throws(InkError) -> InkGesture? {
        var gesture: InkGesture?
        for (index, batch) in batches.enumerated() {
            let inputs = batch.map { $0.inputSample(kind: kind, frame: frame, viewSize: viewSize) }
            if var live = gesture {
                body(try live.append(inputs, ending: index == batches.count - 1))
                gesture = live
            } else {
                var live = try InkGesture(ink: Ink(ink, width: width), samples: inputs, pressureSensitivity: pressureSensitivity)
                body(live.takeUpdate())
                gesture = live
            }
        }
        return gesture
    }

    /// Each layer's grain for a stroke of this ink, as the module's `mk_grain` gives it once the
    /// stroke has a point: the layer count, then per layer -1 (no grain) or the dot count, tile,
    /// largest radius and dots (x, y, r); or just -2 while it has none.
    private func grain(seed: UInt32?) -> [Double] {
        guard seed != nil else { return [-2] }
        let layers = InkOptions.for(ink).layers
        return [Double(layers.count)] + layers.flatMap { layer -> [Double] in
            guard case .grain(let pattern)? = layer.texture else { return [-1] }
            let dots = pattern.dots
            return [Double(dots.count), pattern.tileSize, pattern.largestDotRadius] + dots.flatMap { [$0.center.x, $0.center.y, $0.radius] }
        }
    }

    /// The strokes and, when `withUpdates`, the native build's flattened updates and grain, as the page-side
    /// scripts (scripts/wasm-identity.mjs, scripts/wasm-speed.py) read them: doubles, little-endian.
    public static func encoded(_ strokes: [BrowserStroke], withUpdates: Bool) throws(InkError) -> [Double] {
        var numbers = [Double]()
        for stroke in strokes {
            numbers += [Double(InkType.allCases.firstIndex(of: stroke.ink)!), stroke.width ?? .nan, Double(PointerKind.allCases.firstIndex(of: stroke.kind)!),
                        stroke.frame.minX, stroke.frame.minY, stroke.frame.width, stroke.frame.height, stroke.viewSize.width, stroke.viewSize.height,
                        stroke.pressureSensitivity, Double(stroke.batches.count)]
            var updates = [[Double]](), seed: UInt32?
            if withUpdates { seed = try stroke.draw { updates.append($0.flattened) }?.randomSeed }
            for (index, batch) in stroke.batches.enumerated() {
                numbers += [Double(batch.count), index == stroke.batches.count - 1 ? 1 : 0]
                for sample in batch {
                    numbers += [sample.x, sample.y, sample.milliseconds, sample.pressure ?? .nan, sample.tiltX ?? .nan, sample.tiltY ?? .nan]
                }
                let update = withUpdates ? updates[index] : []
                numbers.append(Double(update.count))
                numbers += update
            }
            if withUpdates { numbers += stroke.grain(seed: seed) }
        }
        return numbers
    }
}
