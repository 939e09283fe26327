import MarkupModel

/// The paper a document lies on, changed after it was made (Xournal++'s and GoodNotes' page
/// template): plain, lined, squared or dotted, as one step that undo reverses.
extension MarkupController {
    /// Puts the document on `paper` (nil: plain), as one step; the same paper changes nothing.
    ///
    /// - Throws: `invalidGeometry` for a spacing outside `Paper.spacingRange`, `paperUnderBackground`
    ///   for a document over an image or a PDF.
    public func setPaper(_ paper: Paper?) throws(EditorError) {
        guard isEditable else { throw .notEditable }
        if let problem = paper?.problem { throw .invalidGeometry(problem) }
        guard markup.background == nil else { throw .paperUnderBackground }
        guard paper != markup.paper else { return }
        // Recorded as a step of its own even while a gesture is under way: a gesture's step holds
        // only the elements it touched.
        let change = MarkupChange(paper: PaperChange(to: paper))
        history.record(RecordedChange(forward: change, backward: perform(change)))
    }
}
