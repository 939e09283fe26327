import Foundation
import MarkupModel
import MarkupRender

/// What the readers of other apps' boards make alike: a frame, which MarkupKit has not, and a
/// picture carried as a data URL.
enum ImportedPieces {
    /// A picture's bytes from a base64 `data:` URL, with its size in pixels; nil when it is no PNG
    /// or JPEG MarkupKit draws.
    static func picture(dataURL url: String) -> (data: Data, pixels: (width: Int, height: Int))? {
        guard let comma = url.firstIndex(of: ","), url[..<comma].hasSuffix(";base64"),
              let data = Data(base64Encoded: String(url[url.index(after: comma)...]), options: .ignoreUnknownCharacters),
              let pixels = MarkupRenderer.imagePixelSize(data) else { return nil }
        return (data, pixels)
    }
}

extension Markup {
    /// A frame as the board apps show one: a thin grey box where it is, turned with it, and its name
    /// (else `fallback`) in grey above it, its top left corner at `titleCorner` minus the title's
    /// height, the two grouped; what lies in the frame is kept, not clipped to it.
    mutating func insertFrame(_ frame: Rect, rotation: Double, name: String?, fallback: String, titleCorner: Point) {
        let grey = Color(red: 0.6, green: 0.6, blue: 0.6)
        insert(.shape(Shape(configuration: .rectangle, strokeColor: grey, lineWidth: 1)), frame: frame, rotation: rotation)
        let name = name.map { String($0.prefix(200)) }.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        let title = AttributedText(name, font: TextFont(family: "Sans", size: 14), color: grey)
        let size = MarkupRenderer.naturalSize(of: title)
        let (width, height) = (size.width.rounded(.up), size.height.rounded(.up))
        insert(.textBox(TextBox(text: title, alignment: .leading)),
               frame: Rect(x: titleCorner.x, y: titleCorner.y - height - 4, width: width, height: height), rotation: 0)
        setGroup(GroupID(), ofElementsAt: [elements.count - 2, elements.count - 1])
    }
}
