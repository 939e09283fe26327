/// Which features a document uses, and stripping those a canvas does not support.
extension Markup {
    /// The features the document actually uses: reading it faithfully needs at least these.
    public var featureSet: FeatureSet {
        var used = FeatureSet.empty
        for element in elements {
            switch element.content {
            case .stroke(let stroke):
                used.insert(.drawing)
                used.insert(stroke.ink.type)
            case .shape(let shape):
                used.insert(shape.configuration.type)
                if shape.fillColor != nil { used.insert(.shapeFills) }
                if shape.strokeColor != nil { used.insert(.shapeStrokes) }
                if shape.opacity < 1 { used.insert(.shapeOpacity) }
                if case .line(_, _, let startMarker, let endMarker) = shape.configuration {
                    if startMarker != .none { used.lineMarkerPositions.insert(.start) }
                    if endMarker != .none { used.lineMarkerPositions.insert(.end) }
                }
            case .textBox:
                used.insert(.text)
            case .image: used.insert(.images)
            case .sticker: used.insert(.stickers)
            case .loupe: used.insert(.loupes)
            case .link: used.insert(.links)
            }
        }
        if let background {
            used.insert(.backgrounds)
            if background.hasBlankPages { used.insert(.blankPages) }
        }
        if paper != nil { used.insert(.paper) }
        used.colorMaximumLinearExposure = maximumLinearExposure
        return used
    }

    /// The brightest linear color component the document uses, at least 1: the feature set's
    /// `colorMaximumLinearExposure`, without working out the rest of it.
    public var maximumLinearExposure: Double {
        var exposure = max(backgroundColor?.linearExposure ?? 0, 1)
        for element in elements {
            switch element.content {
            case .stroke(let stroke): exposure = max(exposure, stroke.ink.color.linearExposure)
            case .shape(let shape):
                exposure = max(exposure, shape.fillColor?.linearExposure ?? 0, shape.strokeColor?.linearExposure ?? 0)
            case .textBox(let box):
                for run in box.text.runs { exposure = max(exposure, run.color.linearExposure) }
            case .image, .sticker, .loupe, .link: break
            }
        }
        return exposure
    }

    /// The content version a reader needs for this document.
    /// The same as `featureSet.contentVersion`, which only inks, shapes, a background (and its blank
    /// pages) and paper decide, without working out the rest of the feature set.
    public var contentVersion: ContentVersion {
        var version = background?.hasBlankPages == true ? ContentVersion.version6
            : paper != nil ? .version5 : background != nil ? .version4 : .version1
        for index in elements.indices where version < .latest {
            switch elements[index].content {
            case .stroke(let stroke): version = max(version, stroke.ink.type.requiredContentVersion)
            case .shape(let shape): version = max(version, shape.configuration.type.requiredContentVersion)
            default: break
            }
        }
        return version
    }

    /// Makes the document fit `supported`: removes elements of unsupported kinds, inks and shapes,
    /// strips unsupported fills, outlines, opacity and line markers, and clamps colors to the
    /// supported exposure. Blobs no longer drawn are dropped.
    public mutating func removeContentUnsupported(by supported: FeatureSet) {
        let exposure = supported.colorMaximumLinearExposure
        var kept = [Element]()
        kept.reserveCapacity(elements.count)
        for var element in elements {
            guard let content = Markup.content(element.content, fittedTo: supported, exposure: exposure) else { continue }
            if content != element.content { element.setContent(content) }
            kept.append(element)
        }
        replaceElements(kept)
        backgroundColor = backgroundColor?.clamped(toMaximumLinearExposure: exposure)
        if !supported.contains(.backgrounds) { background = nil }
        if !supported.contains(.blankPages), let kept = background?.pages.filter({ !$0.isBlank }) {
            background = kept.isEmpty ? nil : PageBackground(source: background!.source, pages: kept)
        }
        if !supported.contains(.paper) { paper = nil }
        removeUnusedBlobs()
    }

    /// `content` made to fit `supported` as `removeContentUnsupported(by:)` makes a document's: nil
    /// for a kind, ink or shape it leaves out, otherwise stripped of what it does not allow, its
    /// colors clamped to its exposure.
    public static func content(_ content: ElementContent, fittedTo supported: FeatureSet) -> ElementContent? {
        Self.content(content, fittedTo: supported, exposure: supported.colorMaximumLinearExposure)
    }

    private static func content(_ content: ElementContent, fittedTo supported: FeatureSet, exposure: Double) -> ElementContent? {
        switch content {
        case .stroke(var stroke):
            guard supported.contains(.drawing), supported.contains(stroke.ink.type) else { return nil }
            stroke.ink.color = stroke.ink.color.clamped(toMaximumLinearExposure: exposure)
            return .stroke(stroke)
        case .shape(var shape):
            guard supported.contains(shape.configuration.type) else { return nil }
            if !supported.contains(.shapeFills) { shape.fillColor = nil }
            if !supported.contains(.shapeStrokes) { shape.strokeColor = nil }
            if !supported.contains(.shapeOpacity) { shape.opacity = 1 }
            shape.fillColor = shape.fillColor?.clamped(toMaximumLinearExposure: exposure)
            shape.strokeColor = shape.strokeColor?.clamped(toMaximumLinearExposure: exposure)
            if case .line(let from, let to, let startMarker, let endMarker) = shape.configuration {
                shape.configuration = .line(
                    from: from, to: to,
                    startMarker: supported.lineMarkerPositions.contains(.start) ? startMarker : .none,
                    endMarker: supported.lineMarkerPositions.contains(.end) ? endMarker : .none)
            }
            return .shape(shape)
        case .textBox(var box):
            guard supported.contains(.text) else { return nil }
            for index in box.text.runs.indices {
                box.text.runs[index].color = box.text.runs[index].color.clamped(toMaximumLinearExposure: exposure)
            }
            return .textBox(box)
        case .image: return supported.contains(.images) ? content : nil
        case .sticker: return supported.contains(.stickers) ? content : nil
        case .loupe: return supported.contains(.loupes) ? content : nil
        case .link: return supported.contains(.links) ? content : nil
        }
    }
}
