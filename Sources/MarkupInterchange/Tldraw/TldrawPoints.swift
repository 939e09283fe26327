import Foundation
import MarkupInk

/// A tldraw freehand segment's points, in each of the three ways tldraw has stored them: an array of
/// `{x, y, z}` objects (tldraw 2 and 3), a base64 `points` string of half-precision x, y, z
/// triplets, and a base64 `path` whose first point is three single-precision numbers and each later
/// one three half-precision steps from the one before (tldraw 4). `z` is the pen's pressure, 0 to 1
/// (0.5 where no pen reported one).
enum TldrawPoints {
    struct Point3: Equatable {
        var x, y, z: Double
    }

    /// The points of a segment object, at most `limit` of them; nil when it holds none of the three
    /// forms.
    static func decode(segment: JSONNode, limit: Int) throws(InterchangeError) -> [Point3]? {
        // Eight base64 characters a point, sixteen for a path's first: a longer text is refused unread.
        let tooMany = InterchangeError.tooLarge(.tldraw, reason: "a stroke has more than \(InkGesture.maximumPoints) points")
        if let text = segment["path"]?.string ?? segment["points"]?.string, text.utf8.count > 8 * limit + 16 { throw tooMany }
        if let path = segment["path"]?.string {
            let dimensions = segment["dim"]?.number == 2 ? 2 : 3
            return try delta(base64: path, dimensions: dimensions)
        }
        guard let points = segment["points"] else { return nil }
        if let text = points.string { return try absolute(base64: text) }
        guard points.isArray else { return nil }
        var result: [Point3] = []
        for point in points.children {
            guard result.count < limit else { throw tooMany }
            guard let x = point["x"]?.number, let y = point["y"]?.number else {
                throw .malformed(.tldraw, reason: "a freehand point has no x and y")
            }
            result.append(Point3(x: x, y: y, z: point["z"]?.number ?? 0.5))
        }
        return result
    }

    /// Half-precision triplets, each point where it lies.
    static func absolute(base64: String) throws(InterchangeError) -> [Point3] {
        let bytes = try self.bytes(base64)
        guard bytes.count % 6 == 0 else { throw .malformed(.tldraw, reason: "a segment's points are not whole x, y, z triplets") }
        return try stride(from: 0, to: bytes.count, by: 6).map { (offset) throws(InterchangeError) in
            try finite(Point3(x: half(bytes, offset), y: half(bytes, offset + 2), z: half(bytes, offset + 4)))
        }
    }

    /// A single-precision first point, then half-precision steps (of z too, when it is stored).
    static func delta(base64: String, dimensions: Int) throws(InterchangeError) -> [Point3] {
        let bytes = try self.bytes(base64)
        guard !bytes.isEmpty else { return [] }
        let first = 4 * dimensions, step = 2 * dimensions
        guard bytes.count >= first, (bytes.count - first) % step == 0 else {
            throw .malformed(.tldraw, reason: "a segment's path is not a first point and whole steps")
        }
        var point = Point3(x: single(bytes, 0), y: single(bytes, 4), z: dimensions == 3 ? single(bytes, 8) : 0.5)
        var result = [try finite(point)]
        result.reserveCapacity(1 + (bytes.count - first) / step)
        for offset in stride(from: first, to: bytes.count, by: step) {
            point.x += half(bytes, offset)
            point.y += half(bytes, offset + 2)
            if dimensions == 3 { point.z += half(bytes, offset + 4) }
            result.append(try finite(point))
        }
        return result
    }

    private static func bytes(_ base64: String) throws(InterchangeError) -> [UInt8] {
        guard let data = Data(base64Encoded: base64) ?? Data(base64Encoded: padded(base64)) else {
            throw .malformed(.tldraw, reason: "a segment's points are not base64")
        }
        return [UInt8](data)
    }

    private static func padded(_ base64: String) -> String {
        base64 + String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
    }

    private static func finite(_ point: Point3) throws(InterchangeError) -> Point3 {
        guard point.x.isFinite, point.y.isFinite, point.z.isFinite else {
            throw .malformed(.tldraw, reason: "a freehand point is not a finite number")
        }
        return point
    }

    /// The little-endian IEEE 754 half-precision number at `offset`.
    static func half(_ bytes: [UInt8], _ offset: Int) -> Double {
        let bits = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
        let sign: Double = bits & 0x8000 == 0 ? 1 : -1
        let exponent = Int(bits >> 10 & 0x1F), fraction = Double(bits & 0x3FF)
        switch exponent {
        case 0: return sign * fraction * 0x1p-24
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * Double(sign: .plus, exponent: exponent - 15, significand: 1)
        }
    }

    /// The little-endian single-precision number at `offset`.
    static func single(_ bytes: [UInt8], _ offset: Int) -> Double {
        let bits = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
        return Double(Float(bitPattern: bits))
    }
}
