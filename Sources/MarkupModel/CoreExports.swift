/// The model builds on the Foundation-free core (geometry, color, strokes, inks), which it shares
/// with the WebAssembly ink module: every user of the model sees those types as its own.
@_exported import MarkupCore
