import MarkupInk
import MarkupModel

/// One pointer event from a view, with every sample the device coalesced into it.
public struct PointerEvent: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable, Codable {
        case began, moved, ended, cancelled
    }

    /// One sample in view coordinates (points from the view's top-left corner).
    public struct Sample: Hashable, Sendable {
        public var location: Point
        /// Seconds on the device's clock.
        public var time: Double
        /// PencilKit-style force (1 is a normal touch); nil when the device reports none.
        public var force: Double?
        public var azimuth: Double?
        public var altitude: Double?

        public init(location: Point, time: Double, force: Double? = nil, azimuth: Double? = nil, altitude: Double? = nil) {
            (self.location, self.time, self.force, self.azimuth, self.altitude) = (location, time, force, azimuth, altitude)
        }
    }

    public var phase: Phase
    public var pointerKind: PointerKind
    public var samples: [Sample]

    public init(phase: Phase, pointerKind: PointerKind = .pen, samples: [Sample]) {
        self.phase = phase
        self.pointerKind = pointerKind
        self.samples = samples
    }
}

/// Which pointers draw: PencilKit's drawing policy.
public enum DrawingPolicy: String, Hashable, Sendable, Codable {
    /// Any pointer draws with the current tool.
    case anyInput
    /// Only a pen draws; touch pans and zooms the view.
    case pencilOnly
}

extension InkGesture {
    /// Pointer samples as the ink pipeline takes them.
    public static func inputSamples(_ event: PointerEvent) -> [InputSample] {
        event.samples.map {
            InputSample(location: $0.location, time: $0.time, force: $0.force, azimuth: $0.azimuth, altitude: $0.altitude,
                        pointerKind: event.pointerKind)
        }
    }
}
