import Foundation

/// Where the library lives when no `--library PATH` is given: `$XDG_DATA_HOME/markupkit/library.sqlite`,
/// or `~/.local/share/markupkit/library.sqlite` when that variable is unset or not absolute.
public enum LibraryLocation {
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        return ((dataHome as NSString).appendingPathComponent("markupkit") as NSString).appendingPathComponent("library.sqlite")
    }
}
