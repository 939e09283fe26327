import CLibXML2
import Foundation

/// A forward-only reader of XML from memory, on libxml2's `xmlTextReader`. The text is read as
/// UTF-8, a document type declaration is refused before parsing (so no entity can be declared, let
/// alone expanded), the network is never used, nesting is bounded, and libxml2's messages are kept
/// for the error rather than printed.
final class XMLReader {
    enum Event: Equatable {
        /// An element starts; `isEmpty` for `<name/>`, which has no matching `.end`.
        case start(name: String, isEmpty: Bool)
        case end(name: String)
        /// Character data (text or CDATA) directly inside the current element.
        case text
    }

    /// The deepest nesting read; every format here needs fewer than ten levels.
    static let maximumDepth = 64

    private let reader: xmlTextReaderPtr
    private let format: InterchangeFormat
    private let messages = MessageBox()
    private var depth = 0

    private final class MessageBox { var first: String? }

    /// A reader over `bytes`, which must outlive it.
    init(_ bytes: UnsafeRawBufferPointer, format: InterchangeFormat) throws(InterchangeError) {
        self.format = format
        XMLReader.initializeOnce
        guard bytes.count < Int(Int32.max) else { throw .tooLarge(format, reason: "more than 2 GB of XML") }
        if Self.containsDeclaration("DOCTYPE", in: bytes) || Self.containsDeclaration("ENTITY", in: bytes) {
            throw .malformed(format, reason: "document type declarations are not accepted")
        }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                            | XML_PARSE_HUGE.rawValue | XML_PARSE_COMPACT.rawValue)
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
              // Read as UTF-8 whatever the file declares: the declaration check above reads UTF-8 bytes.
              let reader = xmlReaderForMemory(base, Int32(bytes.count), nil, "UTF-8", options) else {
            throw .notThisFormat(format, reason: "empty")
        }
        self.reader = reader
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error, let message = error.pointee.message else { return }
            let box = Unmanaged<MessageBox>.fromOpaque(context).takeUnretainedValue()
            if box.first == nil {
                let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
                box.first = "line \(error.pointee.line): \(text)"
            }
        }, Unmanaged.passUnretained(messages).toOpaque())
    }

    deinit { xmlFreeTextReader(reader) }

    /// Runs `body` with a reader over `bytes`.
    static func read(_ bytes: [UInt8], format: InterchangeFormat, _ body: (XMLReader) throws(InterchangeError) -> Void) throws(InterchangeError) {
        let result = bytes.withUnsafeBytes { buffer -> Result<Void, InterchangeError> in
            do throws(InterchangeError) {
                try body(try XMLReader(buffer, format: format))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    private static let initializeOnce: Void = { xmlInitParser() }()

    /// The next event, nil at the end of the document.
    func next() throws(InterchangeError) -> Event? {
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { return nil }
            guard status == 1 else {
                throw .malformed(format, reason: "not well-formed XML (\(messages.first ?? "unreadable"))")
            }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                if !isEmpty {
                    depth += 1
                    guard depth <= Self.maximumDepth else { throw .tooLarge(format, reason: "elements nested more than \(Self.maximumDepth) deep") }
                }
                return .start(name: localName, isEmpty: isEmpty)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                depth -= 1
                return .end(name: localName)
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                return .text
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue), Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                throw .malformed(format, reason: "entities are not accepted")
            default:
                continue
            }
        }
    }

    /// The current element's name without its namespace prefix.
    var localName: String {
        xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
    }

    /// The current element's attribute `name`, nil when absent.
    func attribute(_ name: String) -> String? {
        guard xmlTextReaderMoveToAttribute(reader, name) == 1 else { return nil }
        defer { xmlTextReaderMoveToElement(reader) }
        return xmlTextReaderConstValue(reader).map { String(cString: $0) }
    }

    /// Calls `body` with the current text node's bytes (UTF-8), valid only inside it.
    func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws(InterchangeError) -> Result) throws(InterchangeError) -> Result {
        guard let value = xmlTextReaderConstValue(reader) else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))))
    }

    /// The current text node as a string.
    var text: String {
        xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
    }

    /// Reads on to the end of the element just started, returning its text (children's included).
    func elementText() throws(InterchangeError) -> String {
        var text = ""
        var open = 1
        while open > 0, let event = try next() {
            switch event {
            case .start(_, let isEmpty): if !isEmpty { open += 1 }
            case .end: open -= 1
            case .text: text += self.text
            }
        }
        return text
    }

    /// Skips the rest of the element just started.
    func skipElement() throws(InterchangeError) {
        _ = try elementText()
    }

    /// Whether `bytes` holds `<!` followed by `word` (a declaration).
    private static func containsDeclaration(_ word: String, in bytes: UnsafeRawBufferPointer) -> Bool {
        let pattern = Array(word.utf8)
        guard bytes.count >= pattern.count + 2 else { return false }
        var index = 0
        let last = bytes.count - pattern.count - 2
        while index <= last {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "!"),
               pattern.indices.allSatisfy({ bytes[index + 2 + $0] == pattern[$0] }) {
                return true
            }
            index += 1
        }
        return false
    }
}
