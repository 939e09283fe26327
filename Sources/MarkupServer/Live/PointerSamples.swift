import MarkupEditor
import MarkupInk
import MarkupModel

/// Browser pointer samples for the controller's tools, in view coordinates (the controller maps them).
enum PointerSamples {
    static func browserSample(_ sample: ClientMessage.Sample) -> BrowserSample {
        BrowserSample(x: sample.x, y: sample.y, milliseconds: sample.t, pressure: sample.p, tiltX: sample.tx, tiltY: sample.ty)
    }

    static func sample(_ sample: ClientMessage.Sample, kind: PointerKind) -> PointerEvent.Sample {
        let state = browserSample(sample).penState(kind: kind)
        return PointerEvent.Sample(location: .init(x: sample.x, y: sample.y), time: state.time, force: state.force,
                                   azimuth: state.azimuth, altitude: state.altitude)
    }

    /// Ink samples in document coordinates, mapped from a view of `viewSize` showing `frame`.
    static func inkSamples(_ samples: some Collection<ClientMessage.Sample>, kind: PointerKind, frame: Rect, viewSize: Size) -> [InputSample] {
        samples.map { browserSample($0).inputSample(kind: kind, frame: frame, viewSize: viewSize) }
    }
}
