/// A link's address as a PDF written by cairo may carry it: cairo (1.16) writes it into the file as
/// it is given, so a parenthesis or a backslash in it would end the PDF string early (a broken file,
/// or PDF actions of the address's making). Only web and mail addresses are carried; every byte
/// outside printable ASCII, and the PDF string's and cairo's own delimiters, are percent-encoded.
enum PDFLinkAddress {
    /// The schemes a link may go to.
    static let schemes = ["http:", "https:", "mailto:"]
    /// The longest address carried, in bytes once encoded.
    static let maximumBytes = 8_192

    /// `address` encoded and quoted as a cairo attribute's string; nil for one not carried.
    static func attribute(_ address: String) -> String? {
        let lowered = address.lowercased()
        guard schemes.contains(where: lowered.hasPrefix) else { return nil }
        let delimiters = Set("()\\'\"<>".utf8)
        var encoded = ""
        for byte in address.utf8 {
            if (0x21...0x7E).contains(byte), !delimiters.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
            guard encoded.utf8.count <= maximumBytes else { return nil }
        }
        return "'\(encoded)'"
    }
}
