import MarkupModel

/// The `PAPR` section (docs/FORMAT.md §1.5): a document's ruled paper. Critical, as the page's
/// look depends on it (content version 5).
enum PaperSection {
    static let tag = SectionTag("PAPR")
    static let rulings: [Paper.Ruling] = [.lined, .squared, .dotted]

    static func encode(_ paper: Paper) -> [UInt8] {
        var writer = ByteWriter()
        writer.write(UInt8(rulings.firstIndex(of: paper.ruling)!))
        writer.writeDouble(paper.spacing)
        return writer.bytes
    }

    static func decode(_ payload: ArraySlice<UInt8>) throws(MarkupError) -> Paper {
        var reader = ByteReader(Array(payload))
        let kind = Int(try reader.readByte())
        guard rulings.indices.contains(kind) else { throw .malformedData(reason: "unknown paper ruling \(kind)") }
        let paper = Paper(ruling: rulings[kind], spacing: try reader.readFiniteDouble("paper spacing"))
        guard reader.isAtEnd else { throw .malformedData(reason: "stray bytes after the paper") }
        if let problem = paper.problem { throw .malformedData(reason: problem) }
        return paper
    }
}
