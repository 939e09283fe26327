// Cropping a picture, as in Excalidraw and tldraw: the whole picture shows faintly around the part
// kept, whose box has eight handles to pull its edges in or out; dragged inside, the box slides
// over the picture. Enter, a double-click or a press elsewhere keeps the crop; Escape drops it.
// The server crops (the `crop` selection action); the picture's pixels are all kept.

const SVG = 'http://www.w3.org/2000/svg';
const XLINK = 'http://www.w3.org/1999/xlink';

/// Where each handle sits on the crop box, as fractions of its width and height.
const HANDLES = { nw: [0, 0], n: [0.5, 0], ne: [1, 0], e: [1, 0.5], se: [1, 1], s: [0.5, 1], sw: [0, 1], w: [0, 0.5] };

export class CropEditor {
  /// `layer` is the SVG group the crop box is drawn in (in document points); `onDone(id, crop)`
  /// gets the picture's id and its new crop (unit coordinates of the whole picture) when kept.
  constructor(canvas, layer, onDone) {
    this.canvas = canvas;
    this.layer = layer;
    this.onDone = onDone;
    this.state = null; // { id, node, frame, rotation, whole, box, start }
  }

  get isOpen() { return this.state !== null; }

  /// Starts cropping the picture drawn as `node` (its group, with `data-frame` and `data-crop`).
  open(node) {
    const [x, y, width, height, rotation] = node.dataset.frame.split(' ').map(Number);
    const [cx, cy, cw, ch] = (node.dataset.crop ?? '0 0 1 1').split(' ').map(Number);
    const wholeWidth = width / cw, wholeHeight = height / ch;
    const whole = { x: x - cx * wholeWidth, y: y - cy * wholeHeight, width: wholeWidth, height: wholeHeight };
    const picture = node.querySelector('image');
    const href = picture?.getAttributeNS(XLINK, 'href') || picture?.getAttribute('href');
    if (!href || !(width > 0) || !(height > 0)) return false;
    this.state = { id: node.id.slice(2), node, frame: { x, y, width, height }, rotation: rotation || 0, whole, box: { x, y, width, height }, href };
    node.style.visibility = 'hidden';
    this.draw();
    return true;
  }

  /// Ends cropping: with `keep`, the crop goes to the server when it changed.
  close(keep) {
    const state = this.state;
    if (!state) return;
    this.state = null;
    state.node.style.visibility = '';
    this.layer.replaceChildren();
    const { whole, box } = state;
    const crop = { x: (box.x - whole.x) / whole.width, y: (box.y - whole.y) / whole.height, width: box.width / whole.width, height: box.height / whole.height };
    const unchanged = ['x', 'y', 'width', 'height'].every((key) => Math.abs(box[key] - state.frame[key]) < 1e-6);
    if (keep && !unchanged) this.onDone(state.id, crop);
  }

  /// The point (document points) in the picture's own frame, its turn undone.
  local(point) {
    const { frame, rotation } = this.state;
    if (!rotation) return point;
    const cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2, cos = Math.cos(-rotation), sin = Math.sin(-rotation);
    return { x: cx + (point.x - cx) * cos - (point.y - cy) * sin, y: cy + (point.x - cx) * sin + (point.y - cy) * cos };
  }

  /// Whether `point` (document points) lies in the crop box.
  contains(point) {
    const { box } = this.state, at = this.local(point);
    return at.x >= box.x && at.x <= box.x + box.width && at.y >= box.y && at.y <= box.y + box.height;
  }

  /// A press at `point` (document points) on a handle (`edges`, such as `nw`) or inside the box
  /// (`edges` null, to slide it).
  begin(point, edges) {
    this.state.start = { at: this.local(point), box: { ...this.state.box }, edges };
  }

  /// The pointer at `point` (document points) while pressed: the box's edges follow it, kept in
  /// the picture and at least 8 px across; with `keepAspect`, a corner keeps the box's proportions.
  drag(point, keepAspect = false) {
    const { start, whole } = this.state;
    if (!start) return;
    const at = this.local(point), dx = at.x - start.at.x, dy = at.y - start.at.y;
    const smallest = 8 / this.canvas.zoom;
    let { x: left, y: top } = start.box;
    let right = left + start.box.width, bottom = top + start.box.height;
    if (!start.edges) {
      const x = Math.min(Math.max(left + dx, whole.x), whole.x + whole.width - start.box.width);
      const y = Math.min(Math.max(top + dy, whole.y), whole.y + whole.height - start.box.height);
      this.state.box = { x, y, width: start.box.width, height: start.box.height };
    } else {
      const edges = start.edges;
      if (edges.includes('w')) left = Math.min(Math.max(left + dx, whole.x), right - smallest);
      if (edges.includes('e')) right = Math.max(Math.min(right + dx, whole.x + whole.width), left + smallest);
      if (edges.includes('n')) top = Math.min(Math.max(top + dy, whole.y), bottom - smallest);
      if (edges.includes('s')) bottom = Math.max(Math.min(bottom + dy, whole.y + whole.height), top + smallest);
      if (keepAspect && edges.length === 2) {
        const ratio = start.box.width / start.box.height;
        if ((right - left) / (bottom - top) > ratio) {
          const width = (bottom - top) * ratio;
          if (edges.includes('w')) left = right - width; else right = left + width;
        } else {
          const height = (right - left) / ratio;
          if (edges.includes('n')) top = bottom - height; else bottom = top + height;
        }
      }
      this.state.box = { x: left, y: top, width: right - left, height: bottom - top };
    }
    this.draw();
  }

  /// The press let go.
  end() { if (this.state) this.state.start = null; }

  /// The whole picture faintly, the part kept brightly, and the box with its handles, turned as the
  /// picture is.
  draw() {
    const { frame, rotation, whole, box, href } = this.state;
    const scale = 1 / this.canvas.zoom;
    const cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2;
    const group = document.createElementNS(SVG, 'g');
    if (rotation) group.setAttribute('transform', `rotate(${rotation * 180 / Math.PI} ${cx} ${cy})`);
    const make = (tag, attributes) => {
      const node = document.createElementNS(SVG, tag);
      Object.entries(attributes).forEach(([name, value]) => node.setAttribute(name, value));
      group.append(node);
      return node;
    };
    const picture = { href, x: whole.x, y: whole.y, width: whole.width, height: whole.height, preserveAspectRatio: 'none' };
    make('image', { ...picture, opacity: 0.35, class: 'crop-whole', 'pointer-events': 'none' });
    const inner = make('svg', { x: box.x, y: box.y, width: box.width, height: box.height, viewBox: `${box.x} ${box.y} ${box.width} ${box.height}`, 'pointer-events': 'none' });
    const kept = document.createElementNS(SVG, 'image');
    Object.entries(picture).forEach(([name, value]) => kept.setAttribute(name, value));
    inner.append(kept);
    const outline = make('rect', { x: box.x, y: box.y, width: box.width, height: box.height, class: 'selection-box crop-box', 'stroke-width': 1.5 * scale, 'data-testid': 'crop-box' });
    outline.dataset.kind = 'crop';
    // A finger gets a target 44 px across around each handle, as the selection's handles have.
    if (matchMedia('(pointer: coarse)').matches) {
      for (const [fx, fy] of Object.values(HANDLES)) make('circle', { cx: box.x + box.width * fx, cy: box.y + box.height * fy, r: 22 * scale, class: 'handle-target' });
    }
    for (const [edges, [fx, fy]] of Object.entries(HANDLES)) {
      const handle = make('circle', { cx: box.x + box.width * fx, cy: box.y + box.height * fy, r: 6 * scale, class: `handle handle-${edges}`, 'stroke-width': 1.5 * scale, 'data-testid': `crop-${edges}` });
      handle.dataset.kind = 'crop';
      handle.dataset.edges = edges;
    }
    this.layer.replaceChildren(group);
  }
}
