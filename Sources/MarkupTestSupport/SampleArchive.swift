import Foundation

/// A zip archive another tool wrote, for the readers' tests and the fuzzing seeds.
public enum SampleArchive {
    /// Written by Python's `zipfile`: `notes/hello.txt` deflated, `stored.bin` stored, a folder `empty/`.
    public static let fromPython = Data(base64Encoded: """
        UEsDBBQAAAAIACaYhl2m+qQFEgAAABwCAAAPAAAAbm90ZXMvaGVsbG8udHh0y0jNycnXUcjApLCJjUqNJCkAUEsDBBQAAAAAACaYhl1zjAUpAAEAAAABAAAKAAAAc3Rv\
        cmVkLmJpbgABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj9AQUJDREVGR0hJSktMTU5PUFFSU1RV\
        VldYWVpbXF1eX2BhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ent8fX5/gIGCg4SFhoeIiYqLjI2Oj5CRkpOUlZaXmJmam5ydnp+goaKjpKWmp6ipqqusra6vsLGys7S1\
        tre4ubq7vL2+v8DBwsPExcbHyMnKy8zNzs/Q0dLT1NXW19jZ2tvc3d7f4OHi4+Tl5ufo6err7O3u7/Dx8vP09fb3+Pn6+/z9/v9QSwMEFAAAAAgAJpiGXQAAAAACAAAA\
        AAAAAAYAAABlbXB0eS8DAFBLAQIUAxQAAAAIACaYhl2m+qQFEgAAABwCAAAPAAAAAAAAAAAAAACAAQAAAABub3Rlcy9oZWxsby50eHRQSwECFAMUAAAAAAAmmIZdc4wF\
        KQABAAAAAQAACgAAAAAAAAAAAAAAgAE/AAAAc3RvcmVkLmJpblBLAQIUAxQAAAAIACaYhl0AAAAAAgAAAAAAAAAGAAAAAAAAAAAAEAD9QWcBAABlbXB0eS9QSwUGAAAA\
        AAMAAwCpAAAAjQEAAAAA
        """, options: .ignoreUnknownCharacters)!
}
