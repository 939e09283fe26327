import Foundation
import MarkupModel

/// What a conversion could not carry over, kind by kind, so nothing is dropped without a word.
/// `markupkit convert` prints its lines, and the library page shows them after an import.
public struct ConversionReport: Hashable, Sendable {
    /// One kind of content that did not map exactly, how many times, and what became of it.
    public struct Loss: Hashable, Sendable {
        public var kind: String
        public var count: Int
        /// What happened to it, in words a person understands: "left out", "drawn as a pen stroke".
        public var outcome: String
    }

    public private(set) var losses: [Loss] = []

    public init() {}

    /// Records one more `kind` that became `outcome`.
    public mutating func note(_ kind: String, _ outcome: String) {
        if let index = losses.firstIndex(where: { $0.kind == kind && $0.outcome == outcome }) {
            losses[index].count += 1
        } else {
            losses.append(Loss(kind: kind, count: 1, outcome: outcome))
        }
    }

    public var isEmpty: Bool { losses.isEmpty }

    /// One line per kind: "3 × loupe: Xournal++ has no loupes; left out".
    public var lines: [String] { losses.map { "\($0.count) × \($0.kind): \($0.outcome)" } }
}

/// A document read from another app's file, with what did not map.
public struct ImportedDocument: Sendable {
    public var markup: Markup
    public var report: ConversionReport

    public init(markup: Markup, report: ConversionReport) {
        self.markup = markup
        self.report = report
    }
}

/// A document written in another app's format: the file, any file that must sit beside it (a
/// Xournal++ document's background PDF, by the name Xournal++ looks for), and what did not map.
public struct ExportedDocument: Sendable {
    public var data: Data
    /// Files to write next to the main one: the suffix appended to its path, and the bytes.
    public var companions: [(suffix: String, data: Data)]
    public var report: ConversionReport
    /// How many bytes of text a reader takes in: the data's own, or what it inflates to.
    public var textBytes: Int

    public init(data: Data, companions: [(suffix: String, data: Data)] = [], report: ConversionReport, textBytes: Int? = nil) {
        self.data = data
        self.companions = companions
        self.report = report
        self.textBytes = textBytes ?? data.count
    }
}
