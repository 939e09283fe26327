import Foundation
import MarkupTestSupport

extension TemporaryPostgres {
    /// A new database for the cases named `cases`, or nil, saying so on standard error, where
    /// PostgreSQL is not installed (`make test-deps` installs it): those cases are left out.
    static func benchmarkDatabase(for cases: String) -> String? {
        do {
            return try shared.get().newDatabase()
        } catch {
            FileHandle.standardError.write(Data("\(cases): left out, no PostgreSQL to run: \(error)\n".utf8))
            return nil
        }
    }
}
