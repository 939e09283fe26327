import MarkupCore
import MarkupInk

// The ink pipeline for the page, compiled to WebAssembly with Embedded Swift (`make wasm`): the
// same MarkupCore and MarkupInk sources as the native build, behind a C ABI that `Web/ink.js` calls.
// Samples come in through `mk_buffer` as six doubles each (x, y in view pixels, time in ms,
// pressure, tilt x, tilt y; NaN for a value the browser did not give), and contours go out through
// `mk_result` as `LiveStrokeOutline.Update.flattened`.

/// The strokes being drawn, by handle; nil where one has ended.
nonisolated(unsafe) private var gestures: [InkGesture?] = []
/// The view each stroke's samples are mapped through.
nonisolated(unsafe) private var views: [(frame: Rect, size: Size, kind: PointerKind)] = []
/// Where JS writes samples and reads updates: memory of our own, so the addresses handed out stay
/// valid until the next call grows or refills them.
nonisolated(unsafe) private var input = UnsafeMutableBufferPointer<Double>.allocate(capacity: 0)
nonisolated(unsafe) private var output = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1)
nonisolated(unsafe) private var outputCount = 0
/// Where `mk_grain` leaves a layer's grain, apart from the updates so it never overwrites one.
nonisolated(unsafe) private var grainOutput = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1)

/// The input buffer, grown to hold `doubles` values; valid until the next call.
@_expose(wasm, "mk_buffer") @_cdecl("mk_buffer")
public func buffer(doubles: Int32) -> UnsafeMutablePointer<Double> {
    if input.count < Int(doubles) {
        input.deallocate()
        input = .allocate(capacity: max(Int(doubles), 64))
    }
    return input.baseAddress!
}

@_expose(wasm, "mk_result") @_cdecl("mk_result")
public func result() -> UnsafeMutablePointer<Double> { output.baseAddress! }

@_expose(wasm, "mk_result_count") @_cdecl("mk_result_count")
public func resultCount() -> Int32 { Int32(outputCount) }

/// Starts a stroke of ink `inkIndex` (in `InkType.allCases` order) and `width` points (NaN for the
/// ink's default), drawn by pointer `kindIndex` (pen, touch, mouse) in a view of `viewWidth` ×
/// `viewHeight` pixels showing the given frame, with the first `count` samples of the buffer, its
/// widths following pressure with `pressureSensitivity` (1: as the ink does).
/// Returns the stroke's handle, or a negative `mk_error` code.
@_expose(wasm, "mk_begin") @_cdecl("mk_begin")
public func begin(inkIndex: Int32, width: Double, kindIndex: Int32, frameX: Double, frameY: Double, frameWidth: Double, frameHeight: Double,
                  viewWidth: Double, viewHeight: Double, count: Int32, pressureSensitivity: Double) -> Int32 {
    guard (0..<Int32(InkType.allCases.count)).contains(inkIndex), (0..<Int32(PointerKind.allCases.count)).contains(kindIndex) else { return -1 }
    let ink = Ink(InkType.allCases[Int(inkIndex)], width: width.isNaN ? nil : width)
    let view = (frame: Rect(x: frameX, y: frameY, width: frameWidth, height: frameHeight), size: Size(width: viewWidth, height: viewHeight),
                kind: PointerKind.allCases[Int(kindIndex)])
    do throws(InkError) {
        var gesture = try InkGesture(ink: ink, samples: samples(count: count, view: view), pressureSensitivity: pressureSensitivity)
        write(gesture.takeUpdate())
        if let free = gestures.firstIndex(where: { $0 == nil }) {
            gestures[free] = gesture
            views[free] = view
            return Int32(free)
        }
        gestures.append(gesture)
        views.append(view)
        return Int32(gestures.count - 1)
    } catch {
        return code(error)
    }
}

/// Adds the buffer's first `count` samples to stroke `handle`, the last ones when `ending` is 1.
/// Returns 0, or a negative `mk_error` code (the stroke is unchanged then).
@_expose(wasm, "mk_append") @_cdecl("mk_append")
public func append(handle: Int32, count: Int32, ending: Int32) -> Int32 {
    guard gestures.indices.contains(Int(handle)), var gesture = gestures[Int(handle)] else { return -1 }
    // Taken out while it grows, so its arrays are not shared (and copied) with the table's.
    gestures[Int(handle)] = nil
    defer { gestures[Int(handle)] = gesture }
    do throws(InkError) {
        write(try gesture.append(samples(count: count, view: views[Int(handle)]), ending: ending == 1))
        return 0
    } catch {
        return code(error)
    }
}

/// Forgets stroke `handle`.
@_expose(wasm, "mk_end") @_cdecl("mk_end")
public func end(handle: Int32) {
    guard gestures.indices.contains(Int(handle)) else { return }
    gestures[Int(handle)] = nil
}

/// The grain layer `layer` of stroke `handle` leaves unpainted (the same dots as every renderer's):
/// written to `mk_grain_result` as the tile's side, the largest dot's radius and each dot's centre
/// within the tile and radius (x, y, r). Returns the number of dots, -1 when the layer has no grain,
/// or -2 when the stroke has no point yet.
@_expose(wasm, "mk_grain") @_cdecl("mk_grain")
public func grain(handle: Int32, layer: Int32) -> Int32 {
    guard gestures.indices.contains(Int(handle)), let gesture = gestures[Int(handle)] else { return -1 }
    guard gesture.randomSeed != nil else { return -2 }
    let layers = InkOptions.for(gesture.ink.type).layers
    guard layers.indices.contains(Int(layer)), case .grain(let pattern)? = layers[Int(layer)].texture else { return -1 }
    let dots = pattern.dots
    if grainOutput.count < 2 + 3 * dots.count {
        grainOutput.deallocate()
        grainOutput = .allocate(capacity: 2 + 3 * dots.count)
    }
    grainOutput[0] = pattern.tileSize
    grainOutput[1] = pattern.largestDotRadius
    for (index, dot) in dots.enumerated() {
        grainOutput[2 + 3 * index] = dot.center.x
        grainOutput[3 + 3 * index] = dot.center.y
        grainOutput[4 + 3 * index] = dot.radius
    }
    return Int32(dots.count)
}

@_expose(wasm, "mk_grain_result") @_cdecl("mk_grain_result")
public func grainResult() -> UnsafeMutablePointer<Double> { grainOutput.baseAddress! }

/// How many layers ink `inkIndex` paints, and each one's opacity.
@_expose(wasm, "mk_layer_count") @_cdecl("mk_layer_count")
public func layerCount(inkIndex: Int32) -> Int32 {
    guard (0..<Int32(InkType.allCases.count)).contains(inkIndex) else { return 0 }
    return Int32(InkOptions.for(InkType.allCases[Int(inkIndex)]).layers.count)
}

@_expose(wasm, "mk_layer_opacity") @_cdecl("mk_layer_opacity")
public func layerOpacity(inkIndex: Int32, layer: Int32) -> Double {
    guard (0..<Int32(InkType.allCases.count)).contains(inkIndex) else { return 0 }
    let layers = InkOptions.for(InkType.allCases[Int(inkIndex)]).layers
    return layers.indices.contains(Int(layer)) ? layers[Int(layer)].opacity : 0
}

/// The shape the buffer's first `count` points (x, y pairs, in document points) were drawn as:
/// 0 none, 1 a line, 2 a rectangle, 3 an ellipse. Its geometry goes to `mk_result`: a line's ends
/// (x1, y1, x2, y2), or a frame (x, y, width, height) and its turn in radians.
@_expose(wasm, "mk_recognize") @_cdecl("mk_recognize")
public func recognize(count: Int32) -> Int32 {
    let count = max(0, min(Int(count), input.count / 2))
    let points = (0..<count).map { Point(x: input[2 * $0], y: input[2 * $0 + 1]) }
    let (kind, numbers): (Int32, [Double])
    switch ShapeRecognizer.recognize(points) {
    case nil: return 0
    case .line(let from, let to)?: (kind, numbers) = (1, [from.x, from.y, to.x, to.y])
    case .rectangle(let frame, let rotation)?: (kind, numbers) = (2, [frame.minX, frame.minY, frame.width, frame.height, rotation])
    case .ellipse(let frame, let rotation)?: (kind, numbers) = (3, [frame.minX, frame.minY, frame.width, frame.height, rotation])
    }
    if output.count < numbers.count {
        output.deallocate()
        output = .allocate(capacity: numbers.count)
    }
    for (index, number) in numbers.enumerated() { output[index] = number }
    outputCount = numbers.count
    return kind
}

private func samples(count: Int32, view: (frame: Rect, size: Size, kind: PointerKind)) -> [InputSample] {
    let count = max(0, min(Int(count), input.count / 6))
    return (0..<count).map { index in
        let base = index * 6
        func optional(_ value: Double) -> Double? { value.isNaN ? nil : value }
        let sample = BrowserSample(x: input[base], y: input[base + 1], milliseconds: input[base + 2], pressure: optional(input[base + 3]),
                                   tiltX: optional(input[base + 4]), tiltY: optional(input[base + 5]))
        return sample.inputSample(kind: view.kind, frame: view.frame, viewSize: view.size)
    }
}

private func write(_ update: LiveStrokeOutline.Update) {
    let count = update.flattenedCount
    if output.count < count {
        output.deallocate()
        output = .allocate(capacity: max(count, 2 * output.count))
    }
    outputCount = update.writeFlattened(to: output)
}

/// Negative codes for the ink pipeline's refusals: -2 a value not finite, -3 time running
/// backwards, -4 a finished stroke, -5 too many points.
private func code(_ error: InkError) -> Int32 {
    switch error {
    case .nonFiniteValue: -2
    case .timeWentBackwards: -3
    case .strokeFinished: -4
    case .tooManyPoints: -5
    }
}
