import CCairo

/// Collects the bytes Cairo writes to a stream, up to `limit` (past it the write fails, and so Cairo's
/// output does).
final class ByteSink {
    var bytes: [UInt8] = []
    let limit: Int

    init(limit: Int = .max) { self.limit = limit }
}

/// Cairo's write callback for PNG, PDF and SVG streams: appends to the ByteSink passed as closure.
func appendToByteSink(_ closure: UnsafeMutableRawPointer?, _ data: UnsafePointer<UInt8>?, _ length: UInt32) -> cairo_status_t {
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    guard Int(length) <= sink.limit - sink.bytes.count else { return CAIRO_STATUS_WRITE_ERROR }
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
}

/// The PNG bytes of an image surface, or Cairo's complaint.
func pngBytes(of surface: OpaquePointer) -> Result<[UInt8], RenderError> {
    let sink = ByteSink()
    let status = withExtendedLifetime(sink) {
        cairo_surface_write_to_png_stream(surface, appendToByteSink, Unmanaged.passUnretained(sink).toOpaque())
    }
    guard status == CAIRO_STATUS_SUCCESS else { return .failure(.cairo(String(cString: cairo_status_to_string(status)))) }
    return .success(sink.bytes)
}
