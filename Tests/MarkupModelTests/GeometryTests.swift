import MarkupModel
import Testing

struct GeometryTests {
    @Test func concatenationAppliesLeftThenRight() {
        let move = Transform2D(translationX: 10, y: 0)
        let double = Transform2D(scaleX: 2, y: 2)
        #expect(move.concatenating(double).apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 2))
        #expect(double.concatenating(move).apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    }

    @Test func rotationAboutACentreKeepsTheCentre() {
        let center = Point(x: 5, y: 7)
        let rotation = Transform2D(rotationAbout: center, radians: 1.2)
        let moved = rotation.apply(to: center)
        #expect(abs(moved.x - 5) < 1e-12 && abs(moved.y - 7) < 1e-12)
        #expect(abs(rotation.rotationAngle - 1.2) < 1e-12)
    }

    @Test func rotatedBoundingBoxOfASquareByFortyFiveDegrees() {
        let box = Rect(x: 0, y: 0, width: 2, height: 2).boundingBox(rotatedBy: .pi / 4)
        #expect(abs(box.width - 2 * 2.squareRoot()) < 1e-12)
        #expect(abs(box.center.x - 1) < 1e-12)
    }

    @Test func enclosingAndUnion() {
        #expect(Rect.enclosing([Point]()) == nil)
        let box = Rect.enclosing([Point(x: 3, y: -1), Point(x: -2, y: 4)])
        #expect(box == Rect(x: -2, y: -1, width: 5, height: 5))
        #expect(box?.union(Rect(x: 10, y: 10, width: 1, height: 1)) == Rect(x: -2, y: -1, width: 13, height: 12))
        #expect(Rect(x: 0, y: 0, width: 4, height: 4).expanded(by: 1) == Rect(x: -1, y: -1, width: 6, height: 6))
    }

    @Test func sha256KnownVectors() {
        func hex(_ bytes: [UInt8]) -> String { BlobID(bytes: bytes)!.description }
        #expect(hex(SHA256.digest([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(hex(SHA256.digest(long)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(SHA256.digest([UInt8](repeating: 0x61, count: 1_000_000)))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
