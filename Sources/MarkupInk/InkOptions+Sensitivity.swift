/// How strongly pressure sets the width, as Xournal++'s and Rnote's pressure settings: a person's
/// own hand and pen, not the ink.
extension InkOptions {
    /// The sensitivities offered: 0 draws every width alike, 1 is the ink's own response, 2 twice its
    /// spread around a normal touch.
    public static let pressureSensitivities = 0.0...2.0

    /// These options with the pressure response's spread around 1 (a normal touch's width) scaled by
    /// `sensitivity`, held to `pressureSensitivities` (a value that is not a number is 1); its
    /// lower end never below a tenth.
    public func withPressureSensitivity(_ sensitivity: Double) -> InkOptions {
        let scale = sensitivity.isNaN ? 1 : min(max(sensitivity, Self.pressureSensitivities.lowerBound), Self.pressureSensitivities.upperBound)
        var options = self
        let lower = max(1 - scale * (1 - pressureResponse.lowerBound), 0.1), upper = 1 + scale * (pressureResponse.upperBound - 1)
        options.pressureResponse = min(lower, upper)...max(lower, upper)
        return options
    }
}
