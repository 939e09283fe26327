import CJSON
import Glibc

/// Where cJSON's nodes come from while `JSONTree` parses a message: blocks of the parsing thread's
/// own, handed out front to back and all taken back when the tree is done, instead of a `malloc`
/// and a `free` for every value (a stroke's samples are thousands of them). Outside a parse, and
/// on every other thread, cJSON allocates as it always does.
enum JSONArena {
    /// One thread's blocks: the one being filled, and those filled before it (each starts with a
    /// pointer to the one before), given back when the parse ends.
    private struct State {
        var block: UnsafeMutableRawPointer?
        var capacity = 0
        var used = 0
        var isActive = false
    }

    private static let firstBlockBytes = 64 << 10
    private static let largestBlockBytes = 4 << 20
    /// Room for the link to the block before and the block's size, keeping what follows 16-byte aligned.
    private static let headerBytes = 16

    /// Runs `body`, which parses one tree and reads it, with cJSON allocating from this thread's
    /// arena; every node is gone when it returns, so the tree must not be deleted with cJSON.
    static func parsing<Value>(_ body: () -> Value) -> Value {
        _ = hooksInstalled
        let state = current
        // A parse within a parse keeps its nodes until the outer one is done.
        guard !state.pointee.isActive else { return body() }
        state.pointee.isActive = true
        defer {
            state.pointee.isActive = false
            reset(state)
        }
        return body()
    }

    /// Points cJSON at the arena's allocator; done once, before any arena is active. A `free` while
    /// this thread's arena is active is of memory from it (nothing older is freed in a parse).
    static let hooksInstalled: Void = {
        var hooks = cJSON_Hooks(malloc_fn: { size in
            guard let state = active else { return malloc(size) }
            return allocate(size, in: state)
        }, free_fn: { pointer in
            guard active == nil else { return }
            free(pointer)
        })
        cJSON_InitHooks(&hooks)
    }()

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let state = raw?.assumingMemoryBound(to: State.self) else { return }
            reset(state)
            free(state.pointee.block)
            state.deinitialize(count: 1)
            state.deallocate()
        }
        return key
    }()

    private static var current: UnsafeMutablePointer<State> {
        if let existing = pthread_getspecific(threadKey) { return existing.assumingMemoryBound(to: State.self) }
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        pthread_setspecific(threadKey, state)
        return state
    }

    private static var active: UnsafeMutablePointer<State>? {
        guard let raw = pthread_getspecific(threadKey) else { return nil }
        let state = raw.assumingMemoryBound(to: State.self)
        return state.pointee.isActive ? state : nil
    }

    private static func allocate(_ size: Int, in state: UnsafeMutablePointer<State>) -> UnsafeMutableRawPointer? {
        let rounded = (size + 15) & ~15
        if let block = state.pointee.block, state.pointee.used + rounded <= state.pointee.capacity {
            defer { state.pointee.used += rounded }
            return block + state.pointee.used
        }
        let grown = state.pointee.capacity == 0 ? firstBlockBytes : min(state.pointee.capacity * 2, largestBlockBytes)
        let capacity = max(grown, rounded + headerBytes)
        guard let block = malloc(capacity) else { return nil }
        block.storeBytes(of: state.pointee.block, as: UnsafeMutableRawPointer?.self)
        block.storeBytes(of: capacity, toByteOffset: 8, as: Int.self)
        (state.pointee.block, state.pointee.capacity, state.pointee.used) = (block, capacity, headerBytes + rounded)
        return block + headerBytes
    }

    /// Forgets every node, keeping only a first block of the usual size for the thread's next message.
    private static func reset(_ state: UnsafeMutablePointer<State>) {
        guard var block = state.pointee.block else { return }
        while let earlier = block.load(as: UnsafeMutableRawPointer?.self) {
            free(block)
            block = earlier
        }
        guard block.load(fromByteOffset: 8, as: Int.self) == firstBlockBytes else {
            free(block)
            state.pointee = State()
            return
        }
        (state.pointee.block, state.pointee.capacity, state.pointee.used) = (block, firstBlockBytes, headerBytes)
    }
}
