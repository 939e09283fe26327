import MarkupModel

/// One numbered step that upgrades a document body from format version `from` to `from + 1`.
///
/// Steps work on the uncompressed body bytes; a step usually reads the old layout with a frozen
/// copy of the old reader and writes the new one. The reader chains steps from a file's version
/// up to `FormatVersion.current`.
public struct FormatMigration: Sendable {
    public let from: Int
    /// A short description, shown when the step fails.
    public let name: String
    public let upgrade: @Sendable ([UInt8]) throws(MarkupError) -> [UInt8]

    public init(from: Int, name: String, upgrade: @escaping @Sendable ([UInt8]) throws(MarkupError) -> [UInt8]) {
        self.from = from
        self.name = name
        self.upgrade = upgrade
    }

    /// Every step this build knows, oldest first. Format 1 is the first published format, so there
    /// are none yet: format 2 adds the step `from: 1`.
    public static let all: [FormatMigration] = []

    /// Upgrades `body` from `version` to `target` through `steps`.
    ///
    /// - Throws: `malformedData` naming the step that failed, or the version no step upgrades from.
    static func upgrade(
        _ body: [UInt8], from version: Int, to target: Int, using steps: [FormatMigration]
    ) throws(MarkupError) -> [UInt8] {
        var body = body
        var version = version
        while version < target {
            guard let step = steps.first(where: { $0.from == version }) else {
                throw .malformedData(reason: "no migration from format version \(version)")
            }
            do {
                body = try step.upgrade(body)
            } catch {
                throw .malformedData(reason: "migration \(version)→\(version + 1) (\(step.name)) failed: \(error)")
            }
            version += 1
        }
        return body
    }
}
