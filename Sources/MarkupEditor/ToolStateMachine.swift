import MarkupInk
import MarkupModel

/// The tools as one explicit state machine: pointer events in document coordinates go in, effects for
/// the controller to perform come out. No document access here, so every transition is testable alone.
struct ToolStateMachine: Sendable {
    enum State: Sendable {
        case idle
        case inking(InkGesture)
        case erasing(last: Point)
        case lassoing(path: [Point])
        case selecting(start: Point, current: Point)
        case panning(last: Point)
    }

    /// What the controller should do.
    enum Effect: Sendable {
        case beginDrawing
        /// The live stroke changed; `update` has what a view must redraw.
        case liveStroke(LiveStrokeOutline.Update)
        case commitStroke(Stroke)
        case discardLiveStroke
        case erase(from: Point, to: Point)
        case beginGesture
        case endGesture
        case lasso([Point])
        case selectTap(Point)
        case selectRect(Rect)
        /// Moves the view by a distance in view points.
        case pan(Point)
        /// Input that was refused, and why.
        case refused(InkError)
    }

    private(set) var state = State.idle
    /// Samples closer than this (document points) to the lasso's last corner add no corner.
    static let lassoSpacing = 2.0
    /// The most corners a lasso keeps: past them every other one goes, so however long a lasso is
    /// drawn, testing what it encloses costs no more than this many corners a point.
    static let maximumLassoCorners = 2048
    /// A selection drag shorter than this is a tap.
    static let tapDistance = 4.0

    /// Handles one event; its samples are in document coordinates, except while panning, when they
    /// stay in view coordinates.
    mutating func handle(_ event: PointerEvent, tool: Tool, pans: Bool) -> [Effect] {
        let locations = event.samples.map(\.location)
        switch (state, event.phase) {
        case (_, .cancelled):
            let wasInking = if case .inking = state { true } else { false }
            let wasGesture = if case .erasing = state { true } else { false }
            state = .idle
            return wasInking ? [.discardLiveStroke] : wasGesture ? [.endGesture] : []

        case (.idle, .began):
            guard let first = locations.first else { return [] }
            if pans {
                state = .panning(last: first)
                return []
            }
            switch tool {
            case .ink(let ink):
                var gesture: InkGesture
                do {
                    gesture = try InkGesture(ink: ink, samples: InkGesture.inputSamples(event))
                } catch {
                    return [.refused(error)]
                }
                state = .inking(gesture)
                return [.beginDrawing, .liveStroke(gesture.takeUpdate())]
            case .eraser:
                state = .erasing(last: locations.last!)
                return [.beginGesture] + Self.sweeps(from: first, through: locations)
            case .lasso:
                state = .lassoing(path: locations)
                return []
            case .selection:
                state = .selecting(start: first, current: locations.last!)
                return []
            }

        case (.inking(var gesture), .moved), (.inking(var gesture), .ended):
            let update: LiveStrokeOutline.Update
            do {
                update = try gesture.append(InkGesture.inputSamples(event), ending: event.phase == .ended)
            } catch .tooManyPoints {
                // The stroke ends at its limit, kept as drawn; the rest of the gesture draws nothing.
                state = .idle
                return [.commitStroke(gesture.stroke), .refused(.tooManyPoints(limit: InkGesture.maximumPoints))]
            } catch {
                return [.refused(error)]
            }
            guard event.phase == .ended else {
                state = .inking(gesture)
                return [.liveStroke(update)]
            }
            state = .idle
            return [.commitStroke(gesture.stroke)]

        case (.erasing(let last), .moved), (.erasing(let last), .ended):
            let effects = Self.sweeps(from: last, through: locations)
            state = event.phase == .ended ? .idle : .erasing(last: locations.last ?? last)
            return effects + (event.phase == .ended ? [.endGesture] : [])

        case (.lassoing(var path), .moved), (.lassoing(var path), .ended):
            for location in locations where path.last.map({ $0.distance(to: location) >= Self.lassoSpacing }) ?? true {
                path.append(location)
                if path.count > Self.maximumLassoCorners { path = path.enumerated().compactMap { $0.offset.isMultiple(of: 2) ? $0.element : nil } }
            }
            state = event.phase == .ended ? .idle : .lassoing(path: path)
            return event.phase == .ended ? [.lasso(path)] : []

        case (.selecting(let start, _), .moved):
            state = .selecting(start: start, current: locations.last ?? start)
            return []

        case (.selecting(let start, let current), .ended):
            state = .idle
            let end = locations.last ?? current
            guard start.distance(to: end) >= Self.tapDistance else { return [.selectTap(end)] }
            return [.selectRect(Rect.enclosing([start, end])!)]

        case (.panning(let last), .moved), (.panning(let last), .ended):
            let end = locations.last ?? last
            state = event.phase == .ended ? .idle : .panning(last: end)
            return [.pan(Point(x: last.x - end.x, y: last.y - end.y))]

        default:
            return []
        }
    }

    private static func sweeps(from start: Point, through locations: [Point]) -> [Effect] {
        var previous = start
        return locations.map { location in
            defer { previous = location }
            return .erase(from: previous, to: location)
        }
    }
}
