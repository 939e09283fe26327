import CCrypto

/// SHA-256 (FIPS 180-4) through OpenSSL's libcrypto: a blob's id is the digest of its bytes, worked
/// out for every picture and PDF a document holds each time it is read, so it had better be fast
/// in any build (libcrypto uses the processor's SHA instructions where it has them).
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func digest<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        let digested = bytes.withContiguousStorageIfAvailable { digest(of: UnsafeRawBufferPointer($0)) }
        return digested ?? Array(bytes).withUnsafeBytes { digest(of: $0) }
    }

    private static func digest(of buffer: UnsafeRawBufferPointer) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let done = EVP_Digest(buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), buffer.count, &output, &length, EVP_sha256(), nil)
        precondition(done == 1 && length == 32, "libcrypto's SHA-256 failed")
        return Array(output.prefix(32))
    }
}
