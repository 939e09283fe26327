// The drawing surface: one SVG whose viewBox is the visible frame. Elements arrive from the server as
// SVG groups and are kept in z-order; the stroke being drawn shows in #live with the server's geometry.
import { polylinePath } from './elbow.js';

const SVG = 'http://www.w3.org/2000/svg';

/// A `#rrggbb` colour as the renderers draw it in the dark appearance (ColorStyle.darkened): its
/// lightness inverted in gamma-encoded HSL, hue and saturation kept, which moves every component by
/// the same amount, 1 − max − min.
export function darkened(hex) {
  const value = /^#([0-9a-f]{6})$/i.exec(hex || '');
  if (!value) return hex;
  const components = [0, 2, 4].map((at) => parseInt(value[1].slice(at, at + 2), 16) / 255);
  const shift = 1 - Math.max(...components) - Math.min(...components);
  return '#' + components.map((component) => Math.round(Math.min(Math.max(component + shift, 0), 1) * 255).toString(16).padStart(2, '0')).join('');
}

/// A heart in the unit square: its start, then each cubic curve's two control points and end.
const HEART = [[0.5, 0.22], [[0.47, 0.06], [0.37, 0], [0.25, 0]], [[0.12, 0], [0, 0.14], [0, 0.3]], [[0, 0.55], [0.3, 0.78], [0.5, 1]],
  [[0.7, 0.78], [1, 0.55], [1, 0.3]], [[1, 0.14], [0.88, 0], [0.75, 0]], [[0.63, 0], [0.53, 0.06], [0.5, 0.22]]];

/// A cloud in the unit square, as HEART: eight bumps round a circle meeting at `joins` (degrees
/// clockwise from the top), each leaving it outward and a little toward its own middle, stretched
/// so that the curves' extent fills the square.
const CLOUD = (() => {
  const joins = [20, 62, 104, 148, 212, 256, 298, 340];
  const onCircle = (degrees, radius) => [radius * Math.sin(degrees * Math.PI / 180), -radius * Math.cos(degrees * Math.PI / 180)];
  const curves = joins.map((from, index) => {
    const to = index + 1 < joins.length ? joins[index + 1] : joins[0] + 360, bulge = 1 + 0.55 * (to - from) / 45, lean = (to - from) * 0.2;
    return [onCircle(from + lean, bulge), onCircle(to - lean, bulge), onCircle(to, 1)];
  });
  const start = onCircle(joins[0], 1);
  // The extent: every end, and where each curve turns (its derivative's roots), each way.
  const extremes = [[start[0]], [start[1]]];
  let from = start;
  for (const curve of curves) {
    for (const axis of [0, 1]) {
      const [p0, p1, p2, p3] = [from[axis], curve[0][axis], curve[1][axis], curve[2][axis]];
      const a = p1 - p0, b = p2 - p1, c = p3 - p2, q = a - 2 * b + c, r = 2 * (b - a);
      const roots = Math.abs(q) < 1e-12 ? (Math.abs(r) > 1e-12 ? [-a / r] : [])
        : r * r - 4 * q * a >= 0 ? [1, -1].map((sign) => (-r + sign * Math.sqrt(r * r - 4 * q * a)) / (2 * q)) : [];
      for (const t of roots.filter((t) => t > 0 && t < 1)) {
        const u = 1 - t;
        extremes[axis].push(p0 * u * u * u + 3 * p1 * u * u * t + 3 * p2 * u * t * t + p3 * t * t * t);
      }
      extremes[axis].push(p3);
    }
    from = curve[2];
  }
  const [minX, minY] = extremes.map((values) => Math.min(...values)), [maxX, maxY] = extremes.map((values) => Math.max(...values));
  const unit = ([x, y]) => [(x - minX) / (maxX - minX), (y - minY) / (maxY - minY)];
  return [unit(start), ...curves.map((curve) => curve.map(unit))];
})();

export class Canvas {
  /// As the renderers (SceneRenderer.maximumGrainCells): a layer over more cells is drawn without grain.
  static maximumGrainCells = 200_000;
  static grainMasks = 0;
  /// As PaperPattern.color and Paper.linedTopMargin.
  static paperColor = '#a5c8f2';
  static linedTopMargin = 80;
  /// As ShapeFill.tintOpacity: how much of its outline's color a tinted fill takes.
  static tintOpacity = 0.2;
  /// As MarkupController.highlightOpacity: how much of its color the text highlighter's boxes take.
  static highlightOpacity = 0.4;

  constructor(host) {
    this.host = host;
    this.svg = host.querySelector('#surface');
    this.page = this.svg.querySelector('#page');
    this.pageLayer = this.svg.querySelector('#pages');
    this.pages = []; // background pages: { frame, node, scale }
    this.content = this.svg.querySelector('#content');
    this.live = this.svg.querySelector('#live');
    this.pending = this.svg.querySelector('#pending');
    this.selectionLayer = this.svg.querySelector('#selection');
    this.elements = new Map(); // id → { z, node }
    this.order = []; // ids by z
    this.frame = { x: 0, y: 0, width: 768, height: 1024 };
    this.zoomRange = [0.25, 8];
    this.bounds = { x: 0, y: 0, width: 768, height: 1024 };
    // The toolbar above wraps onto more or fewer rows as tools change: where that moves the view's
    // top edge, the page moves with it, so what is drawn stays where it was on the screen. A view
    // placed anew (a fit, a page turned to) is where it should be for the layout that follows it.
    this.hostTop = host.offsetTop;
    /// Whether the frame is changing because the view's box did (a window resized, the toolbar
    /// wrapping), not because anyone moved the view.
    this.resizing = false;
    new ResizeObserver(() => {
      const top = this.host.offsetTop, size = this.viewSize, last = this.laidOutSize;
      if (last && Math.abs(size.width - last.width) >= 1 && this.frame.width > 0) {
        // A view made wider or narrower (an iPad turned, a window resized) keeps its zoom and what
        // was in its middle; one whose top or bottom alone moved keeps what is drawn in place. (A
        // view placed anew for the new size before this, as a presentation fits its page, was laid
        // out for it already.)
        const zoom = last.width / this.frame.width;
        const centerX = this.frame.x + this.frame.width / 2, centerY = this.frame.y + this.frame.height / 2;
        this.frame.width = size.width / zoom;
        this.frame.x = centerX - this.frame.width / 2;
        this.frame.y = centerY - size.height / zoom / 2;
      } else if (this.hostTop !== undefined && top !== this.hostTop) {
        this.frame.y += (top - this.hostTop) / this.zoom;
      }
      this.hostTop = top;
      this.resizing = true;
      try {
        this.applyFrame();
      } finally {
        this.resizing = false;
      }
    }).observe(host);
  }

  /// The light or the dark appearance: the page turns dark, and colours drawn here (the stroke under
  /// the pen, previews) turn as the server's elements do.
  setAppearance(dark) {
    this.dark = dark;
    this.page.setAttribute('fill', dark ? '#1c1c1e' : '#fff');
    this.setPaper(this.paper);
    this.drawSheetBreaks();
  }

  /// Ruled paper over the page, as the renderers draw it (PaperPattern): lines from 80 pt down,
  /// squares or dots `spacing` apart, from the page's top left corner; none when `paper` is null.
  setPaper(paper) {
    this.paper = paper || null;
    this.svg.querySelector('#paper')?.remove();
    this.#drawGrid();
    if (!this.paper) return;
    const step = this.paper.spacing, half = step / 2, color = this.shown(Canvas.paperColor);
    const top = this.paper.ruling === 'lined' ? Canvas.linedTopMargin - half : -half;
    const mark = {
      lined: `<path d="M0 ${half}H${step}" stroke="${color}" stroke-width="0.6"/>`,
      squared: `<path d="M0 ${half}H${step}M${half} 0V${step}" stroke="${color}" stroke-width="0.6"/>`,
      dotted: `<circle cx="${half}" cy="${half}" r="0.9" fill="${color}"/>`,
    }[this.paper.ruling];
    if (!mark || !(step > 0)) return;
    // Over a picture's or a PDF's pages the paper is the blank pages' (each ruled from its own top
    // left corner, over its white); otherwise the page's.
    const areas = this.pages.length ? this.pages.filter((page) => page.blank).map((page) => page.frame) : [this.bounds];
    const group = document.createElementNS(SVG, 'g');
    group.id = 'paper';
    group.innerHTML = areas.filter(({ height }) => height > Math.max(top, 0)).map(({ x, y, width, height }, index) =>
      `<defs><pattern id="paper-ruling-${index}" patternUnits="userSpaceOnUse" x="${x - (this.paper.ruling === 'lined' ? 0 : half)}" y="${y + top}"`
      + ` width="${step}" height="${step}">${mark}</pattern></defs>`
      + `<rect x="${x}" y="${y + Math.max(top, 0)}" width="${width}" height="${height - Math.max(top, 0)}" fill="url(#paper-ruling-${index})"/>`).join('');
    (this.pages.length ? this.pageLayer : this.page).after(group);
  }

  /// Shows dots `step` apart over the page from its top left corner, as dotted paper's, where grid
  /// mode snaps on paper without a ruling of its own; none when `step` is null. Not saved.
  showGrid(step) {
    this.gridStep = step || null;
    this.#drawGrid();
  }

  #drawGrid() {
    this.svg.querySelector('#grid')?.remove();
    const step = this.gridStep, { x, y, width, height } = this.bounds;
    if (!(step > 0) || this.paper) return;
    const group = document.createElementNS(SVG, 'g');
    group.id = 'grid';
    group.innerHTML = `<defs><pattern id="grid-dots" patternUnits="userSpaceOnUse" x="${x - step / 2}" y="${y - step / 2}" width="${step}" height="${step}">`
      + `<circle cx="${step / 2}" cy="${step / 2}" r="0.7" fill="${this.shown(Canvas.paperColor)}"/></pattern></defs>`
      + `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="url(#grid-dots)"/>`;
    this.page.after(group);
  }

  /// `point` (document points) in `frame` ({ x, y, width, height, rotation }) before its turn.
  static unturned(point, { x, y, width, height, rotation }) {
    if (!rotation) return point;
    const cx = x + width / 2, cy = y + height / 2, cos = Math.cos(-rotation), sin = Math.sin(-rotation);
    return { x: cx + (point.x - cx) * cos - (point.y - cy) * sin, y: cy + (point.x - cx) * sin + (point.y - cy) * cos };
  }

  /// `hex` as this canvas shows it.
  /// A document over a PDF's or a picture's pages keeps its colors in the dark appearance, as the
  /// renderers draw it (RenderOptions.drawing): the pages stay white.
  shown(hex) { return this.dark && !this.pages.length ? darkened(hex) : hex; }

  /// Forgets every element, to be sent again (drawn in another appearance).
  clearElements() {
    this.elements.clear();
    this.order = [];
    this.content.replaceChildren();
  }

  get viewSize() { return { width: this.host.clientWidth || 1, height: this.host.clientHeight || 1 }; }
  get zoom() { return this.viewSize.width / this.frame.width; }

  /// The visible frame and view size, as the server maps pointer samples through them.
  get view() {
    const size = this.viewSize;
    return { x: this.frame.x, y: this.frame.y, width: this.frame.width, height: this.frame.height, viewWidth: size.width, viewHeight: size.height };
  }

  /// Background pages (a PDF's or an image): white paper for each, its picture fetched only when
  /// near the view, at a resolution that follows the zoom; a blank page put in among them (`blank`
  /// holds their indices, from 0) is the paper alone.
  setPages(frames, urlForPage, blank = []) {
    this.pageLayer.replaceChildren();
    this.urlForPage = urlForPage;
    const blanks = new Set(blank);
    this.pages = (frames || []).map((frame, index) => {
      const paper = document.createElementNS(SVG, 'rect');
      for (const [name, value] of Object.entries({ x: frame.x, y: frame.y, width: frame.width, height: frame.height, fill: '#fff', class: 'paper' })) paper.setAttribute(name, value);
      this.pageLayer.append(paper);
      return { frame, node: null, scale: 0, blank: blanks.has(index) };
    });
    this.page.style.display = this.pages.length ? 'none' : '';
    this.setPaper(this.paper);
    this.loadVisiblePages();
  }

  loadVisiblePages() {
    if (!this.pages.length) return;
    const margin = this.frame.height;
    const wanted = Math.min(4, Math.max(1, Math.ceil(this.zoom * (window.devicePixelRatio || 1) * 2) / 2));
    // A page's picture far out of view is let go (a PDF of hundreds of pages would otherwise keep
    // every one it was shown at, each up to 16 Mpx); it is fetched again on coming near.
    const far = 4 * margin;
    this.pages.forEach((page, index) => {
      const { frame } = page;
      if (page.node && page.scale && (frame.y > this.frame.y + this.frame.height + far || frame.y + frame.height < this.frame.y - far)) {
        page.node.removeAttribute('href');
        page.scale = 0;
        return;
      }
      const near = frame.y < this.frame.y + this.frame.height + margin && frame.y + frame.height > this.frame.y - margin
        && frame.x < this.frame.x + this.frame.width && frame.x + frame.width > this.frame.x;
      if (!near || page.blank || page.scale >= wanted) return;
      if (!page.node) {
        page.node = document.createElementNS(SVG, 'image');
        for (const [name, value] of Object.entries({ x: frame.x, y: frame.y, width: frame.width, height: frame.height, preserveAspectRatio: 'none' })) page.node.setAttribute(name, value);
        page.node.dataset.page = index + 1;
        // A picture that did not come (the server busy, the link gone) is asked for again at the
        // view's next change.
        page.node.addEventListener('error', () => { page.scale = 0; });
        this.pageLayer.append(page.node);
      }
      page.scale = wanted;
      page.node.setAttribute('href', this.urlForPage(index + 1, wanted));
    });
  }

  /// The document's pages: its background's, or the sheets of its page.
  pageFrames() { return this.pages.length ? this.pages.map((page) => page.frame) : this.sheets(); }

  /// The number (from 1) of the page at the top of the view: the last whose top is at or above it.
  currentPage() {
    const top = this.frame.y + 24 / this.zoom, frames = this.pageFrames();
    // Pages go down the document: the last whose top is above, by halving.
    let low = 0, high = frames.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (frames[middle].y <= top) low = middle + 1; else high = middle;
    }
    return Math.max(low, 1);
  }

  /// Page Down and Page Up: the next page's top, or this page's when the view is below it; on a
  /// single page, or past the last page's top, most of a screen.
  turnPage(forward) {
    const frames = this.pageFrames(), current = this.currentPage(), frame = frames[current - 1];
    const belowTop = this.frame.y > frame.y - 16 / this.zoom + 1 / this.zoom;
    const target = forward ? current + 1 : belowTop && frames.length > 1 ? current : current - 1;
    if (frames.length > 1 && target >= 1 && target <= frames.length) return this.goToPage(target);
    this.panBy(0, (forward ? -0.9 : 0.9) * this.viewSize.height);
  }

  /// Home and End: the top of the first page, or the bottom of the last.
  goToEnd(last) {
    const frames = this.pageFrames();
    if (!last) return this.goToPage(1);
    const frame = frames[frames.length - 1];
    this.frame.y = frame.y + frame.height - this.frame.height + 16 / this.zoom;
    this.#placed();
  }

  /// Shows page `number` (from 1) at the top of the view.
  goToPage(number) {
    const frame = this.pageFrames()[number - 1];
    if (!frame) return;
    this.frame.y = frame.y - 16 / this.zoom;
    this.#placed();
  }

  /// Starts over on a document: its bounds and `elements`, or with `elements` null, the elements
  /// already drawn (a first view shown before the document was read).
  reset(documentInfo, elements, zoomRange) {
    this.zoomRange = zoomRange || this.zoomRange;
    this.setBounds(documentInfo.bounds, documentInfo.paper, documentInfo.sheetHeight);
    this.live.replaceChildren();
    if (elements !== null) this.place(elements);
    if (!this.fitted) { this.fitWidth(); this.fitted = true; }
  }

  /// The page's bounds (made a sheet longer or shorter) and how tall its sheets are, with its paper
  /// (the one it has unless given).
  setBounds(bounds, paper = this.paper, sheetHeight = null) {
    this.bounds = bounds;
    this.sheetHeight = sheetHeight ?? null;
    for (const name of ['x', 'y', 'width', 'height']) this.page.setAttribute(name, bounds[name]);
    this.setPaper(paper);
    this.drawSheetBreaks();
  }

  /// Replaces every element drawn with `elements`.
  place(elements) {
    this.clearElements();
    const fragment = document.createDocumentFragment();
    const sorted = [...elements].sort((a, b) => a.z - b.z);
    // One parse for them all (a first view's hundreds of elements), one node an element, unless some
    // element's SVG is not one node.
    const holder = document.createElementNS(SVG, 'g');
    holder.innerHTML = sorted.map((element) => element.svg).join('');
    const nodes = holder.children.length === sorted.length ? [...holder.children] : null;
    for (const [index, element] of sorted.entries()) {
      const node = nodes ? nodes[index] : this.parse(element.svg);
      this.elements.set(element.id, { z: element.z, node });
      this.order.push(element.id);
      fragment.append(node);
    }
    this.content.append(fragment);
  }

  parse(markup) {
    const holder = document.createElementNS(SVG, 'g');
    holder.innerHTML = markup;
    return holder.firstElementChild || holder;
  }

  upsert(element) {
    this.remove(element.id);
    const node = this.parse(element.svg);
    let low = 0, high = this.order.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.elements.get(this.order[middle]).z < element.z) low = middle + 1; else high = middle;
    }
    const before = low < this.order.length ? this.elements.get(this.order[low]).node : null;
    this.content.insertBefore(node, before);
    this.order.splice(low, 0, element.id);
    this.elements.set(element.id, { z: element.z, node });
  }

  remove(id) {
    const entry = this.elements.get(id);
    if (!entry) return;
    entry.node.remove();
    this.elements.delete(id);
    const index = this.order.indexOf(id);
    if (index >= 0) this.order.splice(index, 1);
  }

  applyChange(message) {
    for (const id of message.removed || []) this.remove(id);
    for (const element of [...(message.updated || []), ...(message.added || [])]) this.upsert(element);
  }

  // Live strokes, one group per pen drawing (several pages may draw at once): finished contours are
  // appended, the provisional tail replaced.
  clearLive(stream) {
    if (stream === undefined) return this.live.replaceChildren();
    this.live.querySelector(`[data-stream="${CSS.escape(stream)}"]`)?.remove();
  }

  updateLive(layers, stream = 'engine') {
    let pen = this.live.querySelector(`[data-stream="${CSS.escape(stream)}"]`);
    if (!pen) {
      pen = document.createElementNS(SVG, 'g');
      pen.dataset.stream = stream;
      this.live.append(pen);
    }
    layers.forEach((layer, index) => {
      let group = pen.children[index];
      if (!group) {
        group = document.createElementNS(SVG, 'g');
        group.append(document.createElementNS(SVG, 'g'), document.createElementNS(SVG, 'g'));
        pen.append(group);
      }
      if (layer.finished) group.firstChild.insertAdjacentHTML('beforeend', layer.finished);
      group.lastChild.innerHTML = layer.provisional;
    });
  }

  // Strokes drawn here that the server has not saved yet (drawn while it could not be reached): shown
  // from their samples as a plain line until the server's own stroke replaces them.
  showPending(key, points, color, width) {
    let line = this.pending.querySelector(`[data-op="${CSS.escape(key)}"]`);
    if (!line) {
      line = document.createElementNS(SVG, 'polyline');
      line.dataset.op = key;
      line.setAttribute('fill', 'none');
      line.setAttribute('stroke-linecap', 'round');
      line.setAttribute('stroke-linejoin', 'round');
      line.setAttribute('opacity', '0.6');
      this.pending.append(line);
    }
    line.setAttribute('stroke', this.shown(color));
    line.setAttribute('stroke-width', width);
    line.setAttribute('points', points.map((point) => `${point.x},${point.y}`).join(' '));
  }

  /// Draws a stroke this page computes itself (ink.js): `update` is the engine's, layer by layer;
  /// finished contours are appended, the provisional ones replace the last. `style` is the ink's
  /// color, each layer's opacity and grain (ink.js `grains`). Kept under `key` (the edit's op once
  /// the pen lifts) until the server's own element has replaced it.
  updateInk(key, update, style) {
    let pen = this.pending.querySelector(`[data-op="${CSS.escape(key)}"]`);
    if (!pen) {
      pen = document.createElementNS(SVG, 'g');
      pen.dataset.op = key;
      this.pending.append(pen);
    }
    const path = (contours) => {
      const element = document.createElementNS(SVG, 'path');
      let d = '';
      for (const contour of contours) {
        d += `M${contour[0]} ${contour[1]}`;
        for (let index = 2; index < contour.length; index += 2) d += `L${contour[index]} ${contour[index + 1]}`;
        d += 'Z';
      }
      element.setAttribute('d', d);
      return element;
    };
    update.forEach((layer, index) => {
      let group = pen.querySelector(`:scope > g[data-layer="${index}"]`);
      if (!group) {
        group = document.createElementNS(SVG, 'g');
        group.dataset.layer = index;
        group.setAttribute('fill', this.shown(style.color));
        group.setAttribute('fill-opacity', style.opacities[index] ?? 1);
        group.append(document.createElementNS(SVG, 'g'), document.createElementNS(SVG, 'g'));
        pen.append(group);
      }
      if (layer.finished.length) group.firstChild.append(path(layer.finished));
      group.lastChild.replaceChildren(...(layer.provisional.length ? [path(layer.provisional)] : []));
      const grain = style.grains?.[index];
      if (grain) this.#applyGrain(pen, group, grain, layer);
    });
  }

  /// Leaves the grain's dots unpainted in a layer, as the renderers do: a mask of the tile, anchored at
  /// the page's origin, with the dots cut out even-odd; left off, as they leave it, for a layer
  /// spread over more than `maximumGrainCells` cells.
  #applyGrain(pen, group, grain, layer) {
    const bounds = group.grainBounds ??= { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const extend = (box, contours) => {
      for (const contour of contours) {
        for (let index = 0; index < contour.length; index += 2) {
          box.minX = Math.min(box.minX, contour[index]);
          box.maxX = Math.max(box.maxX, contour[index]);
          box.minY = Math.min(box.minY, contour[index + 1]);
          box.maxY = Math.max(box.maxY, contour[index + 1]);
        }
      }
    };
    extend(bounds, layer.finished);
    const provisional = { ...bounds };
    extend(provisional, layer.provisional);
    const cell = grain.tile / 16;
    const cells = ((provisional.maxX - provisional.minX) / cell) * ((provisional.maxY - provisional.minY) / cell);
    if (!(cells <= Canvas.maximumGrainCells)) {
      group.removeAttribute('mask');
      return;
    }
    if (!group.grainMask) group.grainMask = this.#grainMask(pen, grain);
    group.setAttribute('mask', `url(#${group.grainMask})`);
  }

  #grainMask(pen, grain) {
    const id = `grain-${++Canvas.grainMasks}`;
    const { tile, dots } = grain;
    let d = `M0 0H${tile}V${tile}H0Z`;
    const octagon = (x, y, radius) => {
      for (let side = 0; side < 8; side++) {
        const angle = 2 * Math.PI * side / 8;
        d += `${side ? 'L' : 'M'}${x + radius * Math.cos(angle)} ${y + radius * Math.sin(angle)}`;
      }
      d += 'Z';
    };
    for (let index = 0; index < dots.length; index += 3) {
      const x = dots[index], y = dots[index + 1], radius = dots[index + 2];
      // A dot crossing the tile's edge shows again on the other side, as the next tile's would.
      const xs = [x, ...(x < radius ? [x + tile] : []), ...(x > tile - radius ? [x - tile] : [])];
      const ys = [y, ...(y < radius ? [y + tile] : []), ...(y > tile - radius ? [y - tile] : [])];
      for (const cx of xs) for (const cy of ys) octagon(cx, cy, radius);
    }
    const defs = document.createElementNS(SVG, 'defs');
    defs.innerHTML = `<pattern id="${id}-tile" patternUnits="userSpaceOnUse" width="${tile}" height="${tile}">`
      + `<path d="${d}" fill="#fff" fill-rule="evenodd"/></pattern>`
      + `<mask id="${id}" maskContentUnits="userSpaceOnUse"><rect x="-1e6" y="-1e6" width="2e6" height="2e6" fill="url(#${id}-tile)"/></mask>`;
    pen.prepend(defs);
    return id;
  }

  /// The outline of a shape being dragged out, kept under `key`: `geometry` is a line's { from, to }
  /// or a { frame }, in document points; `color` as chosen, or as drawn on this page when `drawn`.
  showShapePreview(key, kind, geometry, color, { width = 2, opacity = 1, rotation = 0, fill = 'none', dash = 'solid', startMarker = 'none', endMarker = 'none', drawn = false } = {}) {
    const paint = drawn ? color : this.shown(color);
    // A line bent through `geometry.through` is the quadratic curve the renderers draw through it;
    // an elbow line runs through its `geometry.points`.
    const corners = geometry.frame ? Canvas.polygonCorners(kind, geometry.frame) : null;
    const curved = geometry.frame ? Canvas.curvedOutline(kind, geometry.frame) : null;
    const tag = geometry.frame ? (kind === 'ellipse' ? 'ellipse' : corners ? 'polygon' : curved ? 'path' : 'rect') : geometry.through || geometry.points ? 'path' : 'line';
    let preview = this.pending.querySelector(`[data-op="${CSS.escape(key)}"]`);
    if (!preview || preview.tagName !== tag) {
      preview?.remove();
      preview = document.createElementNS(SVG, tag);
      preview.dataset.op = key;
      preview.classList.add('shape-preview');
      this.pending.append(preview);
    }
    const attributes = geometry.frame
      ? (tag === 'ellipse'
        ? { cx: geometry.frame.x + geometry.frame.width / 2, cy: geometry.frame.y + geometry.frame.height / 2, rx: geometry.frame.width / 2, ry: geometry.frame.height / 2 }
        : corners ? { points: corners.map(({ x, y }) => `${x},${y}`).join(' '), 'stroke-linejoin': 'round' }
        : curved ? { d: curved, 'stroke-linejoin': 'round' }
        : { x: geometry.frame.x, y: geometry.frame.y, width: geometry.frame.width, height: geometry.frame.height,
          rx: kind === 'roundedRectangle' ? Math.min(Canvas.roundedCornerRadius, geometry.frame.width / 2, geometry.frame.height / 2) : 0 })
      : geometry.points ? { d: polylinePath(geometry.points), 'stroke-linejoin': 'round' }
        : tag === 'path' ? { d: Canvas.curvePath(geometry.from, geometry.through, geometry.to) }
        : { x1: geometry.from.x, y1: geometry.from.y, x2: geometry.to.x, y2: geometry.to.y };
    const hatch = geometry.frame ? this.#previewHatch(key, fill, paint, width) : null;
    const inside = hatch ? `url(#${hatch})` : geometry.frame && fill !== 'none' ? paint : 'none';
    Object.entries({ ...attributes, fill: inside, 'fill-opacity': fill === 'tint' ? Canvas.tintOpacity : 1, stroke: paint, 'stroke-width': width, opacity,
      'stroke-dasharray': Canvas.dashPattern(dash, width), 'stroke-linecap': 'round' })
      .forEach(([name, value]) => preview.setAttribute(name, value));
    if (!geometry.frame) {
      for (const [end, marker] of [['start', startMarker], ['end', endMarker]]) {
        const id = this.#previewMarker(key, end, marker, paint, width);
        if (id) preview.setAttribute(`marker-${end}`, `url(#${id})`); else preview.removeAttribute(`marker-${end}`);
      }
    }
    const frame = geometry.frame;
    if (frame && rotation) {
      preview.setAttribute('transform', `rotate(${rotation * 180 / Math.PI} ${frame.x + frame.width / 2} ${frame.y + frame.height / 2})`);
    } else {
      preview.removeAttribute('transform');
    }
    return preview;
  }

  /// The group of drawings in progress kept under `key`, made (with class `name`) when there is none.
  #pendingGroup(key, name) {
    let group = this.pending.querySelector(`[data-op="${CSS.escape(key)}"]`);
    if (!group) {
      group = document.createElementNS(SVG, 'g');
      group.dataset.op = key;
      group.classList.add(name);
      this.pending.append(group);
    }
    return group;
  }

  /// Boxes (document points) filled with `color` at `opacity`, kept under `key` as a drawing in
  /// progress: the text a highlight will cover.
  showBoxes(key, boxes, color, opacity) {
    const group = this.#pendingGroup(key, 'boxes-preview');
    group.innerHTML = boxes.map(({ x, y, width, height }) => `<rect x="${x}" y="${y}" width="${width}" height="${height}"/>`).join('');
    group.setAttribute('fill', this.shown(color));
    group.setAttribute('fill-opacity', opacity);
  }

  /// The room the space tool makes: a band across the page from `y` as tall as `distance` (above
  /// `y` when it closes a gap), with a dashed line where the drag began.
  showSpace(key, y, distance) {
    const group = this.#pendingGroup(key, 'space-preview');
    const { x, width } = this.bounds, top = Math.min(y, y + distance);
    group.innerHTML = `<rect x="${x}" y="${top}" width="${width}" height="${Math.abs(distance)}"/>`
      + `<line x1="${x}" y1="${y}" x2="${x + width}" y2="${y}"/>`;
  }

  /// The id of the marker a preview kept under `key` draws at its `end`.
  static markerID(end, key) { return `marker-${end}-${key}`.replace(/[^A-Za-z0-9_-]/g, '_'); }

  /// The marker at one end of a line being dragged out, drawn as the renderers draw it
  /// (ShapePaths.marker: sized from the line's width, the tip on the line's end); its id, or null
  /// for a plain end.
  #previewMarker(key, end, kind, color, width) {
    const id = Canvas.markerID(end, key);
    const marker = this.#previewDefinition(id, 'marker', kind !== 'none');
    if (!marker) return null;
    const size = Math.max(width * 4, 8), half = size / 2;
    Object.entries({ markerUnits: 'userSpaceOnUse', orient: end === 'start' ? 'auto-start-reverse' : 'auto', refX: 0, refY: 0,
      viewBox: `${-size} ${-size} ${2 * size} ${2 * size}`, markerWidth: 2 * size, markerHeight: 2 * size, overflow: 'visible' })
      .forEach(([name, value]) => marker.setAttribute(name, value));
    const filled = `fill="${color}" stroke="none"`, stroked = `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
    marker.innerHTML = {
      arrow: `<path d="M0 0L${-size} ${half}L${-size} ${-half}Z" ${filled}/>`,
      openArrow: `<path d="M${-size} ${half}L0 0L${-size} ${-half}" ${stroked}/>`,
      circle: `<circle r="${size * 0.35}" ${filled}/>`,
      square: `<rect x="${-size * 0.3}" y="${-size * 0.3}" width="${size * 0.6}" height="${size * 0.6}" ${filled}/>`,
      bar: `<path d="M0 ${-half}V${half}" ${stroked}/>`,
    }[kind] ?? '';
    return id;
  }

  /// The lines of a hatched fill of a shape being dragged out, as the renderers draw them
  /// (HatchLines: 41° up to the right, cross-hatched both ways, spaced by the outline's width): a
  /// pattern's id, or null for another fill.
  #previewHatch(key, fill, color, width) {
    const id = `hatch-${key}`.replace(/[^A-Za-z0-9_-]/g, '_');
    const pattern = this.#previewDefinition(id, 'pattern', fill === 'hatched' || fill === 'crossHatched');
    if (!pattern) return null;
    const gap = Math.max(4 * width, 4), line = `stroke="${color}" stroke-width="${Math.max(width / 2, 0.5)}"`;
    Object.entries({ patternUnits: 'userSpaceOnUse', width: gap, height: gap, patternTransform: 'rotate(-41)' })
      .forEach(([name, value]) => pattern.setAttribute(name, value));
    pattern.innerHTML = `<path d="M0 ${gap / 2}H${gap}" ${line}/>` + (fill === 'crossHatched' ? `<path d="M${gap / 2} 0V${gap}" ${line}/>` : '');
    return id;
  }

  /// The definition `id` (a `tag`) of the SVG's, made when `wanted` and there is none; removed, and
  /// null, when not `wanted`.
  #previewDefinition(id, tag, wanted) {
    let definition = this.svg.querySelector(`#${id}`);
    if (!wanted) {
      definition?.remove();
      return null;
    }
    if (!definition) {
      let defs = this.svg.querySelector('defs');
      if (!defs) defs = this.svg.insertBefore(document.createElementNS(SVG, 'defs'), this.svg.firstChild);
      definition = document.createElementNS(SVG, tag);
      definition.id = id;
      defs.append(definition);
    }
    return definition;
  }

  /// The corners of a diamond, hexagon or star of the shape tool in `frame`, as
  /// ShapeConfiguration.polygonCorners places them (on the ellipse in the frame, the first at the
  /// top; a star's inner corners at 0.45 of the way out); null for other kinds.
  static polygonCorners(kind, frame) {
    if (kind === 'arrowShape') {
      // ShapeConfiguration.blockArrowCorners: a shaft half the frame's height, the head from 60 % across.
      const { x, y, width, height } = frame, neck = x + width * 0.6;
      return [[x, y + height / 4], [neck, y + height / 4], [neck, y], [x + width, y + height / 2], [neck, y + height],
        [neck, y + height * 0.75], [x, y + height * 0.75]].map(([px, py]) => ({ x: px, y: py }));
    }
    const [count, inner] = { diamond: [4, null], polygon: [6, null], star: [5, 0.45] }[kind] ?? [];
    if (!count) return null;
    const steps = inner === null ? count : 2 * count;
    const cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2;
    return Array.from({ length: steps }, (_, step) => {
      const angle = -Math.PI / 2 + 2 * Math.PI * step / steps, scale = inner !== null && step % 2 === 1 ? inner : 1;
      return { x: cx + frame.width / 2 * scale * Math.cos(angle), y: cy + frame.height / 2 * scale * Math.sin(angle) };
    });
  }

  /// The path data of a heart's or a cloud's outline filling `frame`, the cubic curves the format
  /// gives them (docs/FORMAT.md, CurvedOutline); null for other kinds.
  static curvedOutline(kind, frame) {
    if (kind === 'chatBubble') return Canvas.speechBubble(frame);
    const unit = { heart: HEART, cloud: CLOUD }[kind];
    if (!unit) return null;
    const at = ([x, y]) => `${frame.x + x * frame.width} ${frame.y + y * frame.height}`;
    return `M${at(unit[0])}` + unit.slice(1).map((curve) => `C${curve.map(at).join(' ')}`).join('') + 'Z';
  }

  /// The corner radius of a rounded rectangle the shape tool draws (at most half the shorter side).
  static roundedCornerRadius = 12;

  /// A speech bubble as the shape tool draws it (ShapeConfiguration.chatBubbleTail): a rectangle
  /// rounded by a fifth of its shorter side, its tail from the middle of the bottom edge down to a
  /// fifth of the way across and a quarter below.
  static speechBubble({ x, y, width, height }) {
    const short = Math.min(width, height), r = short * 0.2, halfBase = short * 0.12;
    const bottom = y + height, length = Math.max(width - 2 * r, 1e-9);
    const offset = Math.min(Math.max(length / 2, halfBase), Math.max(length - halfBase, halfBase));
    const baseStart = x + width - r - (offset - halfBase), baseEnd = x + width - r - Math.min(offset + halfBase, length);
    const arc = (toX, toY) => `A${r} ${r} 0 0 1 ${toX} ${toY}`;
    return `M${x + r} ${y}H${x + width - r}${arc(x + width, y + r)}V${bottom - r}${arc(x + width - r, bottom)}`
      + `H${baseStart}L${x + width * 0.2} ${y + height * 1.25}L${baseEnd} ${bottom}H${x + r}${arc(x, bottom - r)}V${y + r}${arc(x + r, y)}Z`;
  }

  /// The path data of the curve from `from` to `to` passing through `middle` halfway along.
  static curvePath(from, middle, to) {
    const control = { x: 2 * middle.x - (from.x + to.x) / 2, y: 2 * middle.y - (from.y + to.y) / 2 };
    return `M${from.x} ${from.y}Q${control.x} ${control.y} ${to.x} ${to.y}`;
  }

  /// An outline's dashes as the renderers draw them (ShapeDash.pattern): `none` when whole.
  static dashPattern(dash, width) {
    if (dash === 'dashed') return `${Math.max(3 * width, 4)} ${Math.max(2 * width, 3) + width}`;
    if (dash === 'dotted') return `0 ${Math.max(2 * width, 3)}`;
    return 'none';
  }

  /// The drawing kept under `key` now goes by `newKey`.
  renamePending(key, newKey) {
    const element = this.pending.querySelector(`[data-op="${CSS.escape(key)}"]`);
    if (element) element.dataset.op = newKey;
  }

  /// Takes away the drawing in progress kept under `key`, and the markers its preview drew that
  /// nothing else shows.
  removePending(key) {
    this.pending.querySelector(`[data-op="${CSS.escape(key)}"]`)?.remove();
    for (const end of ['start', 'end']) {
      const id = Canvas.markerID(end, key);
      if (!this.pending.querySelector(`[marker-${end}="url(#${id})"]`)) this.svg.querySelector(`#${id}`)?.remove();
    }
  }

  get pendingCount() { return this.pending.children.length; }

  // Viewing: the frame follows zoom and pan, clamped to the zoom range.
  applyFrame() {
    const size = this.viewSize;
    // A view whose box changed (a window widened, an iPad turned) keeps its zoom within the range,
    // about its centre, as the server takes every view a stroke is drawn in.
    const zoom = size.width / this.frame.width, kept = this.clampZoom(zoom);
    if (size.width > 0 && size.height > 0 && Number.isFinite(zoom) && kept !== zoom) {
      const centerX = this.frame.x + this.frame.width / 2, centerY = this.frame.y + (this.frame.height || 0) / 2;
      this.frame.width = size.width / kept;
      this.frame.x = centerX - this.frame.width / 2;
      this.frame.y = centerY - this.frame.width * size.height / size.width / 2;
    }
    this.frame.height = this.frame.width * size.height / size.width;
    /// The view's size the frame was last laid out for.
    this.laidOutSize = size;
    this.svg.setAttribute('viewBox', `${this.frame.x} ${this.frame.y} ${this.frame.width} ${this.frame.height}`);
    this.svg.setAttribute('width', size.width);
    this.svg.setAttribute('height', size.height);
    this.loadVisiblePages();
    this.onFrameChange?.();
  }

  /// Pixels at the right of the view that something covers (the page strip): fitting leaves them out.
  reservedRight = 0;

  /// The page's width across the view (the part nothing covers), at most 200 %.
  fitWidth() {
    const width = this.viewSize.width - this.reservedRight;
    const zoom = this.clampZoom(Math.min(width / (this.bounds.width + 32), 2));
    this.#show(this.bounds, zoom, 16);
  }

  /// The whole page in view (of a document of pages or a page grown long, the page or sheet the
  /// page number shows, `currentPage`, as the page strip and the Pages menu take it), as Shift+1 does.
  fitPage() {
    this.fit(this.pageFrames()[this.currentPage() - 1] ?? this.bounds);
  }

  /// The page cut into its sheets, as Markup.sheets cuts it: each as tall as the page was made,
  /// or the page whole when no sheet was added.
  sheets() {
    const { x, y, width, height } = this.bounds, sheet = this.sheetHeight;
    const count = sheet > 0 ? Math.round(height / sheet) : 0;
    if (count < 2 || count > 200 || Math.abs(count * sheet - height) > sheet * 1e-6) return [this.bounds];
    return Array.from({ length: count }, (_, index) => ({ x, y: y + index * sheet, width, height: sheet }));
  }

  /// A dashed line where one sheet of a long page ends and the next begins: where its PDF's pages break.
  drawSheetBreaks() {
    this.svg.querySelector('#sheet-breaks')?.remove();
    const breaks = this.sheets().slice(1);
    if (!breaks.length) return;
    const group = document.createElementNS(SVG, 'g');
    group.id = 'sheet-breaks';
    group.innerHTML = breaks.map((sheet) => `<line x1="${sheet.x}" y1="${sheet.y}" x2="${sheet.x + sheet.width}" y2="${sheet.y}"`
      + ` stroke="${this.dark ? '#5a5a60' : '#b8bcc6'}" stroke-width="1" stroke-dasharray="6 4" vector-effect="non-scaling-stroke"/>`).join('');
    this.page.after(group);
  }

  /// Pans so that `rect` (document points) is in view, a third of the way down, when it is not.
  reveal(rect) {
    const { x, y, width, height } = this.frame;
    if (rect.x >= x && rect.y >= y && rect.x + rect.width <= x + width && rect.y + rect.height <= y + height) return;
    this.frame.y = rect.y - height / 3;
    if (rect.x < x || rect.x + rect.width > x + width) this.frame.x = rect.x - width / 4;
    this.#placed();
  }

  /// Zooms and pans so `rect` (document points) fills the free part of the view less `margin`
  /// pixels, zooming in no further than `closest`.
  fit(rect, margin = 32, closest = Infinity) {
    const size = this.viewSize, width = size.width - this.reservedRight;
    const zoom = this.clampZoom(Math.min((width - margin) / Math.max(rect.width, 1), (size.height - margin) / Math.max(rect.height, 1), closest));
    this.#show(rect, zoom, (size.height - rect.height * zoom) / 2);
  }

  /// Zooms to `zoom` (1 is 100 %: a point a pixel) about the view's centre.
  zoomTo(zoom) {
    const size = this.viewSize;
    this.zoomBy(zoom / this.zoom, size.width / 2, size.height / 2);
  }

  /// Shows `view` (as the `view` getter gave it) again: the same corner and zoom.
  restoreView(view) {
    this.frame.x = view.x;
    this.frame.y = view.y;
    this.frame.width = view.width * this.viewSize.width / (view.viewWidth || this.viewSize.width);
    this.#placed();
  }

  /// `rect` centred across the free part of the view at `zoom`, `top` pixels below its top edge.
  #show(rect, zoom, top) {
    const width = this.viewSize.width - this.reservedRight;
    this.frame.width = this.viewSize.width / zoom;
    this.frame.x = rect.x - (width / zoom - rect.width) / 2;
    this.frame.y = rect.y - top / zoom;
    this.#placed();
  }

  /// The view placed anew: the toolbar's wrap in the same frame moves nothing (its top edge is
  /// taken as it is once the frame is laid out).
  #placed() {
    this.hostTop = undefined;
    requestAnimationFrame(() => { if (this.hostTop === undefined) this.hostTop = this.host.offsetTop; });
    this.applyFrame();
  }

  clampZoom(zoom) { return Math.min(Math.max(zoom, this.zoomRange[0]), this.zoomRange[1]); }

  /// Zooms by `factor` keeping the document point under (viewX, viewY) still.
  zoomBy(factor, viewX, viewY) {
    const size = this.viewSize;
    const zoom = this.clampZoom(this.zoom * factor);
    const anchorX = this.frame.x + viewX / this.zoom, anchorY = this.frame.y + viewY / this.zoom;
    this.frame.width = size.width / zoom;
    this.frame.x = anchorX - viewX / zoom;
    this.frame.y = anchorY - viewY / zoom;
    this.applyFrame();
  }

  panBy(viewDX, viewDY) {
    this.frame.x -= viewDX / this.zoom;
    this.frame.y -= viewDY / this.zoom;
    this.applyFrame();
  }

  toDocument(viewX, viewY) { return { x: this.frame.x + viewX / this.zoom, y: this.frame.y + viewY / this.zoom }; }
  toView(x, y) { return { x: (x - this.frame.x) * this.zoom, y: (y - this.frame.y) * this.zoom }; }
}
