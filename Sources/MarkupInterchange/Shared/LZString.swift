/// lz-string's `decompressFromBase64`, as tldraw compresses what it puts on the clipboard: codes of a
/// growing width, read six bits a base64 character, each naming a character or an earlier run of
/// the output, the output UTF-16. What it makes is bounded: past `limit` code units it stops.
enum LZString {
    enum Outcome: Equatable {
        case text(String)
        /// Not lz-string's: a character outside base64, a code naming nothing, no end.
        case invalid
        /// More than the limit would come out.
        case tooLarge
    }

    private static let values: [Int8] = {
        var values = [Int8](repeating: -1, count: 256)
        for (index, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8.enumerated() {
            values[Int(character)] = Int8(index)
        }
        return values
    }()

    /// A dictionary entry: one character, or a run of the output so far.
    private enum Entry {
        case character(UInt16)
        case run(start: Int, count: Int)
    }

    static func decompressFromBase64(_ text: String, limit: Int) -> Outcome {
        let input = Array(text.utf8)
        guard !input.isEmpty, input.allSatisfy({ values[Int($0)] >= 0 }) else { return .invalid }
        var next = 1, value = Int(values[Int(input[0])]), position = 32
        /// `count` bits, the first the lowest; zeros past the end, as lz-string reads them.
        func bits(_ count: Int) -> Int {
            var result = 0
            for bit in 0..<count {
                if value & position != 0 { result |= 1 << bit }
                position >>= 1
                if position == 0 {
                    position = 32
                    value = next < input.count ? Int(values[Int(input[next])]) : 0
                    next += 1
                }
            }
            return result
        }
        var dictionary: [Entry] = [.character(0), .character(0), .character(0)]
        var output: [UInt16] = []
        switch bits(2) {
        case 0: dictionary.append(.character(UInt16(bits(8))))
        case 1: dictionary.append(.character(UInt16(bits(16))))
        case 2: return .text("")
        default: return .invalid
        }
        guard case .character(let first) = dictionary[3] else { return .invalid }
        output.append(first)
        var previous = (start: 0, count: 1)
        var enlargeIn = 4, width = 3
        while true {
            guard next <= input.count else { return .invalid }
            var code = bits(width)
            switch code {
            case 0, 1:
                dictionary.append(.character(UInt16(bits(code == 0 ? 8 : 16))))
                code = dictionary.count - 1
                enlargeIn -= 1
            case 2:
                return .text(String(decoding: output, as: UTF16.self))
            default:
                break
            }
            if enlargeIn == 0 {
                enlargeIn = 1 << width
                width += 1
            }
            let start = output.count
            if code < dictionary.count {
                switch dictionary[code] {
                case .character(let character): output.append(character)
                // One unit at a time: a slice of `output` appended to it would copy it whole first.
                case .run(let runStart, let runCount): for index in runStart..<runStart + runCount { output.append(output[index]) }
                }
            } else if code == dictionary.count {
                // The run just before, and its own first character again.
                for index in previous.start..<previous.start + previous.count { output.append(output[index]) }
                output.append(output[previous.start])
            } else {
                return .invalid
            }
            guard output.count <= limit else { return .tooLarge }
            // The run before and this one's first character lie next to each other in the output.
            dictionary.append(.run(start: previous.start, count: previous.count + 1))
            enlargeIn -= 1
            previous = (start, output.count - start)
            if enlargeIn == 0 {
                enlargeIn = 1 << width
                width += 1
            }
        }
    }
}
