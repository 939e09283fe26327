#if hasFeature(Embedded)
// `pow` for the color transfer functions, which the WebAssembly build links from wasi-libc; the native
// build imports the platform's C library. Geometry uses `PortableMath`, the same in both builds.
@_extern(c, "pow") public func pow(_ x: Double, _ y: Double) -> Double
#endif
