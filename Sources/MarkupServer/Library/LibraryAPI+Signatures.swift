import Foundation
import MarkupInk
import MarkupModel
import MarkupRender
import MarkupStore

/// The library's saved signatures, under `/api/signatures`: listed, each drawn as SVG, written on
/// the editor's signing pad and saved, or deleted. A page inserts one by its id (an `insert` of kind
/// `signature`), as PaperKit's signature sheet offers the signatures kept on the device.
extension LibraryAPI {
    /// A signature written on the editor's pad: each stroke's pointer samples, in the pad's pixels
    /// (`t` in milliseconds, `p` the pressure, `tx` and `ty` the tilt, as the editor's strokes send them).
    struct SignatureBody: Decodable {
        struct Sample: Decodable { var x, y, t: Double; var p, tx, ty: Double? }
        var strokes: [[Sample]]
        var pointerType: PointerKind?
    }

    /// What one written signature may hold: a long name written slowly, and no more.
    static let signatureStrokeLimit = 64
    static let signatureSampleLimit = 20_000
    static let signatureBodyBytes = 2 << 20
    /// The pad's pixels a sample may lie in.
    static let signaturePadExtent = 0.0...4096.0
    /// The width of the pen a pad's signature is written with, in the pad's pixels.
    static let signaturePenWidth = 3.0

    func signatures(_ request: HTTPRequest, path: [String]) throws -> HTTPResponse {
        switch (request.method, path.count) {
        case ("GET", 0):
            return .json(try server.store.signatures().map { ["id": $0.id] })
        case ("POST", 0):
            guard request.body.count <= Self.signatureBodyBytes else { return .error(413, "a signature is at most 2 MB of samples") }
            let strokes: [Stroke]
            do {
                strokes = try Self.strokes(of: try ClientJSON.decode(SignatureBody.self, from: request.body))
            } catch let error as SignatureRefusal {
                return .error(400, error.reason)
            } catch let error as InkError {
                return .error(400, "the signature's samples were refused: \(error)")
            }
            return .json(["id": try server.store.addSignature(strokes)], status: 201)
        default:
            break
        }
        guard path.count == 1, let name = path.first else { return .error(404, "no such API") }
        switch request.method {
        case "GET" where name.hasSuffix(".svg"):
            let id = Int64(name.dropLast(4)) ?? 0
            guard let saved = try server.store.signatures().first(where: { $0.id == id }) else { throw StoreError.signatureNotFound(id) }
            return HTTPResponse(status: 200, contentType: "image/svg+xml", body: Data(try Self.svg(of: saved.strokes).utf8))
        case "DELETE":
            guard let id = Int64(name) else { return .error(404, "no saved signature '\(name)'") }
            try server.store.deleteSignature(id)
            return HTTPResponse(status: 204)
        default:
            return .error(404, "no such API")
        }
    }

    /// Why a pad's signature was refused.
    struct SignatureRefusal: Error { var reason: String }

    /// The pen strokes a pad's samples make, through the same ink pipeline as the editor's strokes.
    static func strokes(of body: SignatureBody) throws -> [Stroke] {
        guard !body.strokes.isEmpty, body.strokes.count <= signatureStrokeLimit else {
            throw SignatureRefusal(reason: "a signature is 1 to \(signatureStrokeLimit) strokes")
        }
        guard body.strokes.allSatisfy({ !$0.isEmpty }), body.strokes.reduce(0, { $0 + $1.count }) <= signatureSampleLimit else {
            throw SignatureRefusal(reason: "a signature's strokes hold 1 to \(signatureSampleLimit) samples in all")
        }
        let kind = body.pointerType ?? .pen
        let pixels = Rect(x: 0, y: 0, width: 1, height: 1)
        let ink = Ink(.pen, color: .black, width: signaturePenWidth)
        return try body.strokes.map { samples in
            guard samples.allSatisfy({ signaturePadExtent.contains($0.x) && signaturePadExtent.contains($0.y) }) else {
                throw SignatureRefusal(reason: "a signature's samples lie on its pad, 0 to \(Int(signaturePadExtent.upperBound)) pixels")
            }
            let input = samples.map {
                BrowserSample(x: $0.x, y: $0.y, milliseconds: $0.t, pressure: $0.p, tiltX: $0.tx, tiltY: $0.ty)
                    .inputSample(kind: kind, frame: pixels, viewSize: pixels.size)
            }
            var gesture = try InkGesture(ink: ink, samples: input)
            _ = try gesture.append([], ending: true)
            return gesture.stroke
        }
    }

    /// A saved signature drawn alone, a margin around it.
    static func svg(of strokes: [Stroke]) throws -> String {
        var markup = Markup(bounds: .zero)
        for stroke in strokes { markup.insertNewStroke(stroke) }
        let area = (strokes.map(\.approximateBounds).reduce(nil) { $0?.union($1) ?? $1 } ?? Rect(x: 0, y: 0, width: 1, height: 1)).expanded(by: 8)
        markup.bounds = area
        return try MarkupRenderer(markup: markup).svg(area: area)
    }
}
