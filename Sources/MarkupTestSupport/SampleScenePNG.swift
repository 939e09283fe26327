import Foundation

/// A PNG as Excalidraw exports one with "Embed scene": a picture, and in a tEXt chunk its scene
/// (a rectangle, an ellipse, a text and a freehand line) deflated, each byte a character of a JSON
/// string, escapes, zero bytes and bytes past 127 among them.
public enum SampleScenePNG {
    public static let fromExcalidraw = Data(base64Encoded: """
        iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAD0lEQVR4nGP4jwQYiOMAANuQL9FuRbCyAAAE73RFWHRhcHBsaWNhdGlvbi92bmQuZXhjYWxp\
        ZHJhdytqc29uAHsidmVyc2lvbiI6IjEiLCJlbmNvZGluZyI6ImJzdHJpbmciLCJjb21wcmVzc2VkIjp0cnVlLCJlbmNvZGVkIjoieNq1VUtu2zBcdTAwMTC9\
        iqFubYakKInKrlxy0HWBLLpcYrJQXHUwMDE1ylx1MDAxNlwiW4JEJ3Zcclx1MDAxZqNAr9Bz9CY9SedDOjWa1kCB2oChN1x1MDAxY76ZN4+0XHUwMDBlid9c\
        dTAwMGYuuZ4lbldXXfswVs/JfJY8uXFq+1xyLGhAU79cdTAwMWRrylp5P0zXV1cv2aLu17jDdW7tNn6CrLtD0j5g9qhwJVZcdTAwMThd7avNsnNcdTAwMTjc\
        QURJeNhjXHJ8eG5cdTAwMWb8XG6jhFauXa48wFx1MDAxY1x1MDAxMW+7nuHz5Mf+0d30XT9cIutcdTAwMWInU5VSoU9V/bhcdTAwMWP77ebhZbVp6rIucbVp\
        u+7W74lcdTAwMDdcdTAwMTRB98mJ7WOojWKBYLnauFx0lSjA/VDVrd9Tv/I4n0Vx7kyc67p2mE7StHxVmz2TZi5JU2Whav1cdTAwMDdpfqw201CNMPTLQuRf\
        hPgzId7t/G9cdTAwMDapc4eyM1x1MDAxOTq7JMPh919kqEsy5qFhILqpmu/fZj++fiGz+42/bT+7aFx1MDAwMOL31brtcF9cdTAwMTZ2ve3aJVx1MDAxZfGk\
        c41PfplIczaRZnQu3otdJNyfTI5T0eZsKuklc3VTOmP+i7mAh75ccpfxTlxuXGLAz/18dmfwWYvSXCKwXGIyYVxyXHUwMDAypVx1MDAxMVlhXG5COVwiJUWR\
        I9TEXHUwMDAxKbkmSDQqXHI8moiUXHUwMDExXHUwMDA1wVRcdTAwMDdYllx1MDAwNPNcdTAwMDBzRVx1MDAxZMiwN6eyxlx1MDAwNGaVXHUwMDEytKEuw4yo\
        XG5RMMq5YUlN5JK1KEbEs5DCUlx1MDAwZjnxLFJhaWdBPIs8XHUwMDE0LYhoUVxuxXMgpoVSXCLNXGIzXHUwMDE39ChpXHUwMDE4lslAgiZcXOqIS5JU5ifM\
        o5QyXHUwMDA2UsuBXHUwMDEzo844YGPJjIakePzQUpg/XHUwMDFiXHUwMDAwXHUwMDFkl4zZgYVcdTAwMTGK83VgjITBXHUwMDAzUTBkXHUwMDBmYOa8mz0o\
        hKF+XHUwMDE1e1BcbsvJwVx1MDAwM1x1MDAxNeSoYEIqXGZ3n0VDM804Osr2K3ZcdTAwMDJwOEnsXHUwMDA1YMV8bFx1MDAwNii0vJ/dgHoy4JyPXsHNslx1\
        MDAxZHkwR7FcdTAwMWKpSJmczZBcIuXk4IVcdTAwMGWnS1x1MDAwNS8ykfG55bFZocI5XHUwMDBlY5NxPfigheGTXHUwMDFkfFx1MDAwMPEsRquTuVx1MDAw\
        NVXQwVx0lfGN0tFcdFx1MDAxOHbJXHUwMDAxXHUwMDFiKVxuXHUwMDBlpDpcdTAwMTZhXHI6zWNcdTAwMTfm/lx1MDAxZS/rXGJcdTAwMTd5XHUwMDBiP3hf\
        MTC1621XefchLEDcj1t3xLVqXHUwMDE4bj2sQeyQPLXu+d2rrz384H9cdTAwMWG+94j4cDz+XHUwMDA0ktJcdTAwMDZfIn2PrR3jAAAAAElFTkSuQmCC
        """, options: .ignoreUnknownCharacters)!
}
