/// Appends little-endian integers, LEB128 varints, raw doubles and strings to a byte buffer.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Makes room for `count` more bytes at once.
    mutating func reserve(_ count: Int) { bytes.reserveCapacity(bytes.count + count) }

    mutating func write(_ value: UInt8) { bytes.append(value) }

    mutating func write(_ values: [UInt8]) { bytes.append(contentsOf: values) }

    mutating func write(_ values: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: values) }

    mutating func writeUInt16(_ value: UInt16) { writeLittleEndian(UInt64(value), byteCount: 2) }

    mutating func writeUInt32(_ value: UInt32) { writeLittleEndian(UInt64(value), byteCount: 4) }

    mutating func writeUInt64(_ value: UInt64) { writeLittleEndian(value, byteCount: 8) }

    mutating func writeDouble(_ value: Double) { writeUInt64(value.bitPattern) }

    mutating func writeBool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// An unsigned LEB128 varint: 7 bits a byte, low bits first.
    mutating func writeVarint(_ value: UInt64) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    /// A signed value as a zigzag varint, so small magnitudes of either sign take one byte.
    mutating func writeSignedVarint(_ value: Int64) {
        writeVarint(Self.zigzag(value))
    }

    /// `value` with its sign in the low bit: 0, -1, 1, -2… become 0, 1, 2, 3….
    @inline(__always)
    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    /// A varint byte count followed by the UTF-8 bytes.
    mutating func writeString(_ value: String) {
        let utf8 = Array(value.utf8)
        writeVarint(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    private mutating func writeLittleEndian(_ value: UInt64, byteCount: Int) {
        for index in 0..<byteCount {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * index)))
        }
    }
}
