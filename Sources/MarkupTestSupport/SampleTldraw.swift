import Foundation

/// tldraw files written as tldraw's versions save them, for the reader's tests and the fuzzing seeds.
public enum SampleTldraw {
    /// tldraw 4: a pen stroke's `path` (a single-precision first point, then half-precision steps),
    /// a highlighter's base64 `points`, a labelled rectangle, a note, an arrow attached through
    /// binding records, a line's points by id, a picture, a frame holding a shape, and a group.
    public static let version4 = """
        {"tldrawFileFormatVersion": 1, "schema": {"schemaVersion": 2, "sequences": {"com.tldraw.shape.draw": 4}},
         "records": [
          {"typeName": "document", "id": "document:document", "gridSize": 10, "name": "", "meta": {}},
          {"typeName": "page", "id": "page:page", "name": "Page 1", "index": "a1", "meta": {}},
          {"typeName": "shape", "id": "shape:pen", "type": "draw", "x": 100, "y": 50, "rotation": 0, "index": "a1", "parentId": "page:page",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"color": "blue", "fill": "none", "dash": "draw", "size": "m", "isComplete": true,
           "isClosed": false, "isPen": true, "scale": 1, "scaleX": 1, "scaleY": 1,
           "segments": [{"type": "free", "path": "AAAAAAAAAADNzEw+AEkARc00gEsASWY2gEsARQC4"}]}},
          {"typeName": "shape", "id": "shape:marker", "type": "highlight", "x": 0, "y": 0, "rotation": 0, "index": "a2", "parentId": "page:page",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"color": "yellow", "size": "l", "isComplete": true, "isPen": false, "scale": 1,
           "segments": [{"type": "free", "points": "AEmwXAA4gFOwXAA44Fa4XAA4"}]}},
          {"typeName": "shape", "id": "shape:box", "type": "geo", "x": 10, "y": 200, "rotation": 0.3, "index": "a3", "parentId": "page:page",
           "isLocked": false, "opacity": 0.8, "meta": {}, "props": {"geo": "rectangle", "w": 120, "h": 60, "growY": 0, "color": "red",
           "labelColor": "black", "fill": "solid", "dash": "draw", "size": "l", "font": "sans", "align": "middle", "verticalAlign": "middle",
           "url": "https://example.com", "scale": 1, "richText": {"type": "doc", "content": [{"type": "paragraph", "content": [
             {"type": "text", "text": "Plan "}, {"type": "text", "text": "A", "marks": [{"type": "bold"}]}]}]}}},
          {"typeName": "shape", "id": "shape:sticky", "type": "note", "x": 600, "y": 40, "rotation": 0, "index": "a4", "parentId": "page:page",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"color": "yellow", "labelColor": "black", "size": "m", "font": "draw",
           "fontSizeAdjustment": 0, "align": "middle", "verticalAlign": "middle", "growY": 0, "url": "", "scale": 1,
           "richText": {"type": "doc", "content": [{"type": "bulletList", "content": [{"type": "listItem", "content": [
             {"type": "paragraph", "content": [{"type": "text", "text": "milk"}]}]}]}]}}},
          {"typeName": "shape", "id": "shape:link", "type": "arrow", "x": 0, "y": 0, "rotation": 0, "index": "a5", "parentId": "page:page",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"kind": "arc", "color": "black", "labelColor": "black", "fill": "none",
           "dash": "solid", "size": "m", "arrowheadStart": "none", "arrowheadEnd": "arrow", "font": "draw", "start": {"x": 0, "y": 0},
           "end": {"x": 0, "y": 0}, "bend": 30, "labelPosition": 0.5, "scale": 1, "elbowMidPoint": 0.5,
           "richText": {"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "then"}]}]}}},
          {"typeName": "binding", "id": "binding:1", "type": "arrow", "fromId": "shape:link", "toId": "shape:box", "meta": {},
           "props": {"terminal": "start", "normalizedAnchor": {"x": 1, "y": 0.5}, "isExact": false, "isPrecise": true}},
          {"typeName": "binding", "id": "binding:2", "type": "arrow", "fromId": "shape:link", "toId": "shape:sticky", "meta": {},
           "props": {"terminal": "end", "normalizedAnchor": {"x": 0.5, "y": 0.5}, "isExact": false, "isPrecise": false}},
          {"typeName": "shape", "id": "shape:zigzag", "type": "line", "x": 700, "y": 400, "rotation": 0, "index": "a6", "parentId": "page:page",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"color": "orange", "dash": "dashed", "size": "s", "spline": "line", "scale": 1,
           "points": {"p1": {"id": "p1", "index": "a1", "x": 0, "y": 0}, "p2": {"id": "p2", "index": "a2", "x": 50, "y": 50},
                      "p3": {"id": "p3", "index": "a3", "x": 100, "y": 0}}}},
          {"typeName": "shape", "id": "shape:picture", "type": "image", "x": 300, "y": 600, "rotation": 0, "index": "a7", "parentId": "page:page",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"w": 40, "h": 20, "playing": true, "url": "", "assetId": "asset:one",
           "flipX": false, "flipY": false, "altText": "a dot", "crop": {"topLeft": {"x": 0, "y": 0.25}, "bottomRight": {"x": 1, "y": 0.75}}}},
          {"typeName": "asset", "id": "asset:one", "type": "image", "meta": {}, "props": {"w": 1, "h": 1, "name": "dot.png", "isAnimated": false,
           "mimeType": "image/png", "src": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=="}},
          {"typeName": "shape", "id": "shape:board", "type": "frame", "x": 800, "y": 600, "rotation": 0, "index": "a8", "parentId": "page:page",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"w": 300, "h": 200, "name": "Ideas", "color": "black"}},
          {"typeName": "shape", "id": "shape:inside", "type": "geo", "x": 20, "y": 30, "rotation": 0, "index": "a1", "parentId": "shape:board",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"geo": "star", "w": 50, "h": 50, "growY": 0, "color": "black",
           "labelColor": "black", "fill": "none", "dash": "solid", "size": "m", "font": "draw", "align": "middle", "verticalAlign": "middle",
           "url": "", "scale": 1, "richText": {"type": "doc", "content": []}}},
          {"typeName": "shape", "id": "shape:pair", "type": "group", "x": 0, "y": 900, "rotation": 0, "index": "a9", "parentId": "page:page",
           "isLocked": true, "opacity": 1, "meta": {}, "props": {}},
          {"typeName": "shape", "id": "shape:left", "type": "geo", "x": 0, "y": 0, "rotation": 0, "index": "a1", "parentId": "shape:pair",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"geo": "arrow-up", "w": 50, "h": 80, "growY": 0, "color": "grey",
           "labelColor": "black", "fill": "fill", "dash": "dotted", "size": "m", "font": "draw", "align": "middle", "verticalAlign": "middle",
           "url": "", "scale": 1, "richText": {"type": "doc", "content": []}}}
         ]}
        """

    /// tldraw 2: points as objects, an arrow's attached end inside the arrow, plain text and a
    /// line's handles, on two pages.
    public static let version2 = """
        {"tldrawFileFormatVersion": 1, "schema": {"schemaVersion": 1, "storeVersion": 4, "recordVersions": {}},
         "records": [
          {"typeName": "page", "id": "page:one", "name": "One", "index": "a1", "meta": {}},
          {"typeName": "page", "id": "page:two", "name": "Two", "index": "a2", "meta": {}},
          {"typeName": "shape", "id": "shape:pen", "type": "draw", "x": 10, "y": 10, "rotation": 0, "index": "a1", "parentId": "page:one",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"color": "black", "fill": "none", "dash": "solid", "size": "s",
           "isComplete": true, "isClosed": false, "isPen": false,
           "segments": [{"type": "free", "points": [{"x": 0, "y": 0, "z": 0.5}, {"x": 30, "y": 40, "z": 0.5}]}]}},
          {"typeName": "shape", "id": "shape:box", "type": "geo", "x": 100, "y": 100, "rotation": 0, "index": "a2", "parentId": "page:one",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"geo": "ellipse", "w": 100, "h": 100, "growY": 20, "color": "black",
           "labelColor": "black", "fill": "none", "dash": "draw", "size": "m", "font": "mono", "align": "start", "verticalAlign": "start",
           "url": "", "text": "first line"}},
          {"typeName": "shape", "id": "shape:link", "type": "arrow", "x": 0, "y": 0, "rotation": 0, "index": "a3", "parentId": "page:one",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"color": "black", "labelColor": "black", "fill": "none", "dash": "draw",
           "size": "m", "arrowheadStart": "dot", "arrowheadEnd": "diamond", "font": "draw", "bend": 40, "text": "",
           "start": {"type": "point", "x": 0, "y": 150},
           "end": {"type": "binding", "boundShapeId": "shape:box", "normalizedAnchor": {"x": 0, "y": 0.25}, "isExact": false, "isPrecise": true}}},
          {"typeName": "shape", "id": "shape:corner", "type": "line", "x": 300, "y": 300, "rotation": 0, "index": "a1", "parentId": "page:two",
           "isLocked": false, "opacity": 1, "meta": {}, "props": {"color": "black", "dash": "solid", "size": "m", "spline": "cubic",
           "handles": {"start": {"id": "start", "type": "vertex", "index": "a1", "x": 0, "y": 0},
                       "handle:1": {"id": "handle:1", "type": "vertex", "index": "a2", "x": 50, "y": 30},
                       "end": {"id": "end", "type": "vertex", "index": "a3", "x": 100, "y": 0}}}}
         ]}
        """

    /// What tldraw 3 and 4 put on the clipboard when shapes are copied, as a browser hands it over:
    /// a labelled rectangle (its label past ASCII), an ellipse and an arrow attached to both, the
    /// shapes compressed with lz-string inside the JSON inside `<div data-tldraw>`.
    public static let clipboard = #"<meta charset='utf-8'><div data-tldraw>{"type":"application/tldraw","kind":"content","version":3,"data":{"assets":[],"otherCompressed":"N4IgzgFghgDgpmEAuA2qALgT3gOSgWzmXGnhABoQBLAE2MljiQCMB7ADwpCzKRAHM4rLpyQBGAAwTKmZJOkgATq3RR0VVgDtkCqpppxRIKGK4woiuJvQBJOn3OCkjopSpgAMqwDGAazj2AGZQADZgcJSs5t5UWHKUhKrIwAC+lDDKMIhIoILCfJbeqpr8Ia4gAO5yAEwKEMgAHAr8yhUAmjqU3qwhrIrEzCEAruUhUMxwIQDCPX0DY35cgVQhIfRw+FRcNFCQ9D20XGBUAF5EfPhLWuj0UJqIlKFU/NoXtDRlXABucIrq3qEAIIhZ6vECbGgfcpDRRrPhHAGfcSURRUbwQAAqhhuOW42HOIBoPi43WsVhxaDxvBA5kUUBasHqXWu5OQlJ4BPQ2K4XPYOJAdgAl3AAASAeHJAPB/IBSAF1ZSkFeQMPi8IR6KRyoc+Ax4EhUSUefjiHkRMgACxSGRyS1KFRqDSvXT6QzEKDVMwWcl2YguZz0zWeHz+IKhcKRaKxWTI8FwJI5NI0zLZXJCYiTEFZcpVcQ2+o55qtDpIBTdXr9AoBLhjCbTWblkCDKCLSjLVbETRaco7PZ8Gh0qqUY5nYiXFvXW73LhPF4j96fSg/P5ooEgmdvSHzkAwuEgBGhc5iFFozHc3Ec4hE7wklnWNlyxXK3AEAk6zX2EiMJAgzS+Q3UiytKaxZWsBtqqOoWidNQzpGFAADMHqWNY3oOP6fqCFw7heH4lZIMEYQRCAURNpG8QxnGqTpEmyQgL4ejvhYV7MmW8xNr+lDVpMMwsXwjbNiArY7h2mhdrsebgAcdCDqcBKjsYiitBAcBQDQADKqh/O2nZTgprAVEpKkAKL6K6ukDgJ469v2RwaTioCiAoUYSAmVj2PZUFOQmEwmaBnEhAACqwxwQY6AB0ACsg6IgelCTGwFQALK0IFeg4hIEVHuiWJ8jR569sSzJkreqD3rKKKsCoqkanY2QoB+upsJwg4anqej8EcLXfr+MqUMw9FtbVj5wKqBJ9fobWYe+Y00G14h/gSAF6Usyj4Ch9VMF1PKsGtr4sBwXCJFAyQJhkUTJtwvybJooT0LZXAdoo+BPGcNCApo6JzLiDkZSATkRQm7iGewTY4vhYbUGA/mFO45xg3AD5UsNz4DP1BpuFNqP8Eg7qUHl8mAS2K07Z1ejsdw23vrt+rtQksZHfGVFnbll16DdfCufdfRPSCL1vR95bucWP1/eFANgEDIPIHDbiQ9D4RS6G8NleA6IbPToBgKrT0AGq/MckHY4OcAAI4jO9CDHQqQA=="}}</div>"#

    /// The same shapes as earlier tldraw put them on the clipboard: the whole JSON compressed.
    public static let legacyClipboard = #"<div data-tldraw>N4IgLgngDgpiBcICGUoBsCWBjJYMHsA7AejDQBMAnJAdxABoQBrDQ8hELIsGQsBkOVxIEoAM4ALFDDEIA2qEiwAckgC2cRJOkCM7LVNjwARvgAeApZpABzGPgEX4ARgAMrxhARuPISvjBcAkIEX1ZyGCdkZwEoJEpeMABJfRA4u3h0uEYMMQAZfCwmGH0AMyQ0MRhGfDisDEhvRg1A0QBfRih/KFl4UDsHRASsQMIbNGyQOhcAJl8JBAAOXxt/GgBNUMYuNHxKDmM0AFdJtCRjGDQAYXxd/cRDpCKBUow0NA4qtQwBIUlP256ARiDAAL2sahe3E+SEIskYFQwNhCiG+5HIEwEADcYJQ8Dg0ABBTDIjhojGTI6UD6IYEEzTORiUbASAAqkX4fXA0Gs5EKAi4fES8kUPI4cWoqxQC223GF8AU3NgHB4Zn4jFVnJAKQAlzAAASAeHJAPB/IDaAF0LW1rfRRSp1NZtMqcqknTB4MyxpYxYgBo4EAAWdyebzBvwBIJELYgcKRDhIGaxeKJFLipAZLK6fKFYplCpVGp1BpeFzNGCtPodNLdXr9ewcS6YHqTaY+RgLFxh1b4DbRnZ7DgJdiMM4Xa63AcPM7PRivd4cQhESZ/DuCah0Rgg8FkqF8GFwgSI0movQU7G4/EVYlIlEgcmYxhUmkgOkVBlMlnstWiJW8/myoU9wVS0bTtGBVA0T5DEmIEDGkeBMEIJhvWVRB4jWf14F8EtfH8QI8CjLCcjYOM0IAZiTBI+FTRAskydMYOzIoSgQcpKmqEBaieYsmjvcsRErToax/Fg2HjSgsAFCd7hAR4ZxAUdLhuO4DmnZDZzeZ9F0IZckH+LRAWHEAtwhQ9KDWCQYCQcgAGVAjxBclzMiyrPIABRMS0PMntdy1KhaGBezOVAJxsNCKteH0ELoxwqsLk83xFLQAAFfAQQIlFXAAOgAVk3eleMuUwaAAWT0VLWE5bK8r8T8OR/KwOD5SSAJ4IC5BAi0mXwAIbOglJejkYzoJMcxgRGz0bHG+DEOQ81GGMcJWBsQawIg6xFrYZbdFSTbyGWlwUOsdCfNnfw1Bo4aZtYdTwHwS63VGiwywrYAqy6Wpa3AXFvkICpPiCgRF0oNREXBchCUILAJEnaKsNykN4Zyqtcjcswnk5NiCxjMRkuGXJNCxmBQN/daDiWr0XXJraxngRMNR9ZBvI3EBSnOh6Rtmyx7tdCbtpegS3qEz6Gp+1h/sQSKgb2UHMHByHodhkBQoRkAcNylGxDRjHWPzDjcjxmB6iqXX2OtebjOhmBQZ/MQrdBgA1XEQUImZNxgABHE4oZkdoqz0qowEGkCgA===</div>"#
}
