import Dispatch

/// Work spread over every core, for steps whose items are independent.
enum Concurrently {
    /// `transform` applied to every item, on as many threads as there are cores.
    static func map<T: Sendable, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        var results = [R?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Unchecked(buffer)
            withoutActuallyEscaping(transform) { transform in
                let work = Unchecked(transform)
                DispatchQueue.concurrentPerform(iterations: items.count) { index in
                    slots.value[index] = work.value(items[index])
                }
            }
        }
        return results.map { $0! }
    }
}

/// Hands a value to concurrent work that touches disjoint parts of it.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
