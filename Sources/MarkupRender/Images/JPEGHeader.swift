/// What a JPEG's segments before its picture say: its size, its colour components and the EXIF
/// orientation a camera writes instead of turning the pixels, which browsers follow.
struct JPEGHeader {
    /// The stored pixels' size, before the orientation turns them.
    var storedWidth: Int, storedHeight: Int
    var components: Int
    /// The start-of-frame marker's second byte (0xC0 baseline, 0xC1 extended, 0xC2 progressive, …)
    /// and the bits a sample: what a PDF's DCT filter reads is baseline or progressive at 8 bits.
    var frameMarker: UInt8 = 0xC0
    var precision = 8
    /// EXIF's orientation, 1–8: 1 upright, 3 half a turn, 6 and 8 a quarter, 2, 4, 5 and 7 mirrored.
    var orientation = 1

    /// Whether a PDF's DCT filter shows it as it is: baseline or progressive, 8 bits a sample, in grey
    /// or RGB.
    var isPDFReadable: Bool { [0xC0, 0xC1, 0xC2].contains(frameMarker) && precision == 8 && [1, 3].contains(components) }

    /// The size it is seen at, upright: a quarter turn swaps width and height.
    var uprightSize: (width: Int, height: Int) { orientation >= 5 ? (storedHeight, storedWidth) : (storedWidth, storedHeight) }

    /// The header of `data`; nil when it is no JPEG or its frame is not found.
    init?(_ data: [UInt8]) {
        func bigEndian(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, count >= 0, offset <= data.count - count else { return nil }
            return data[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
        }
        guard data.starts(with: [0xFF, 0xD8]) else { return nil }
        var offset = 2, orientation = 1
        while offset + 4 <= data.count {
            // Stray bytes between segments are passed over to the next marker, as readers do.
            guard data[offset] == 0xFF else {
                offset += 1
                continue
            }
            let marker = data[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            guard let length = bigEndian(offset + 2, 2), length >= 2 else { return nil }
            if marker == 0xE1, orientation == 1, offset + 2 + length <= data.count {
                orientation = Self.exifOrientation(data[offset + 4..<offset + 2 + length]) ?? 1
            }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard let precision = bigEndian(offset + 4, 1), let height = bigEndian(offset + 5, 2), let width = bigEndian(offset + 7, 2),
                      let components = bigEndian(offset + 9, 1) else { return nil }
                (storedWidth, storedHeight, self.components, self.orientation) = (width, height, components, orientation)
                (frameMarker, self.precision) = (marker, precision)
                return
            }
            offset += 2 + length
        }
        return nil
    }

    /// The orientation an APP1 segment's EXIF data (`payload`, after the segment's length) holds in
    /// its first directory; nil when it holds none.
    private static func exifOrientation(_ payload: ArraySlice<UInt8>) -> Int? {
        let exif = Array(payload)
        guard exif.starts(with: Array("Exif\0\0".utf8)) else { return nil }
        let tiff = 6
        guard exif.count >= tiff + 8 else { return nil }
        let littleEndian: Bool
        switch (exif[tiff], exif[tiff + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func number(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset <= exif.count - count else { return nil }
            let bytes = exif[offset..<offset + count]
            return (littleEndian ? bytes.reversed() : Array(bytes)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let directory = number(tiff + 4, 4), let entries = number(tiff + directory, 2) else { return nil }
        for entry in 0..<min(entries, 512) {
            let at = tiff + directory + 2 + entry * 12
            guard let tag = number(at, 2) else { return nil }
            if tag == 0x0112 {
                // A short, as EXIF says; a long (signed or not) as some writers put it, and readers take.
                let value = switch number(at + 2, 2) {
                case 3: number(at + 8, 2)
                case 4, 9: number(at + 8, 4)
                default: nil as Int?
                }
                guard let value, (1...8).contains(value) else { return nil }
                return value
            }
        }
        return nil
    }
}
