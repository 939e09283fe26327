// Cropping a picture, as in Excalidraw and tldraw: the whole picture shows faintly around the part
// kept, whose box has eight handles to pull its edges in or out; dragged inside, the box slides
// over the picture. Enter, a double-click or a press elsewhere keeps the crop; Escape drops it.
// The server crops (the `crop` selection action); the picture's pixels are all kept.

import { Canvas } from './canvas.js';

const SVG = 'http://www.w3.org/2000/svg';
const XLINK = 'http://www.w3.org/1999/xlink';

/// Where each handle sits on a box (a selection's, a crop's), as fractions of its width and height.
export const HANDLES = { nw: [0, 0], n: [0.5, 0], ne: [1, 0], e: [1, 0.5], se: [1, 1], s: [0.5, 1], sw: [0, 1], w: [0, 0.5] };

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
    this.state = { id: node.id.slice(2), node, frame: { x, y, width, height }, rotation: rotation || 0, whole, box: { x, y, width, height }, href, start: null };
    node.style.visibility = 'hidden';
    this.build();
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
    // Kept inside the picture whatever the rounding, as the server asks.
    const x = Math.min(Math.max((box.x - whole.x) / whole.width, 0), 1), y = Math.min(Math.max((box.y - whole.y) / whole.height, 0), 1);
    const crop = { x, y, width: Math.min(box.width / whole.width, 1 - x), height: Math.min(box.height / whole.height, 1 - y) };
    const unchanged = ['x', 'y', 'width', 'height'].every((key) => Math.abs(box[key] - state.frame[key]) < 1e-6);
    if (keep && !unchanged) this.onDone(state.id, crop);
  }

  /// The point (document points) in the picture's own frame, its turn undone.
  local(point) {
    return Canvas.unturned(point, { ...this.state.frame, rotation: this.state.rotation });
  }

  /// Whether `point` (document points) lies in the crop box.
  contains(point) {
    const { box } = this.state, at = this.local(point);
    return at.x >= box.x && at.x <= box.x + box.width && at.y >= box.y && at.y <= box.y + box.height;
  }

  /// A press of pointer `pointer` at `point` (document points) on a handle (`edges`, such as `nw`)
  /// or inside the box (`edges` null, to slide it). A press while another goes on is ignored.
  begin(point, edges, pointer) {
    if (this.state.start) return;
    this.state.start = { at: this.local(point), box: { ...this.state.box }, edges, pointer };
  }

  /// Pointer `pointer` at `point` (document points) while pressed: the box's edges follow it, kept
  /// in the picture and at least 8 px (and a thousandth of the picture) across; with `keepAspect`,
  /// a corner keeps the box's proportions.
  drag(point, keepAspect, pointer) {
    const { start, whole } = this.state;
    if (!start || start.pointer !== pointer) return;
    const at = this.local(point), dx = at.x - start.at.x, dy = at.y - start.at.y;
    const smallestWidth = Math.max(8 / this.canvas.zoom, 0.0011 * whole.width), smallestHeight = Math.max(8 / this.canvas.zoom, 0.0011 * whole.height);
    let { x: left, y: top } = start.box;
    let right = left + start.box.width, bottom = top + start.box.height;
    if (!start.edges) {
      const x = Math.min(Math.max(left + dx, whole.x), whole.x + whole.width - start.box.width);
      const y = Math.min(Math.max(top + dy, whole.y), whole.y + whole.height - start.box.height);
      this.state.box = { x, y, width: start.box.width, height: start.box.height };
    } else {
      const edges = start.edges;
      if (edges.includes('w')) left = Math.min(Math.max(left + dx, whole.x), right - smallestWidth);
      if (edges.includes('e')) right = Math.max(Math.min(right + dx, whole.x + whole.width), left + smallestWidth);
      if (edges.includes('n')) top = Math.min(Math.max(top + dy, whole.y), bottom - smallestHeight);
      if (edges.includes('s')) bottom = Math.max(Math.min(bottom + dy, whole.y + whole.height), top + smallestHeight);
      if (keepAspect && edges.length === 2 && (right - left) / (bottom - top) > 0) {
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

  /// The press of pointer `pointer` let go or cancelled (any press, without one).
  end(pointer = undefined) {
    if (this.state?.start && (pointer === undefined || this.state.start.pointer === pointer)) this.state.start = null;
  }

  /// The drawing's nodes, made once a crop (the picture's bytes go in two of them): the whole
  /// picture faintly, the part kept brightly, and the box with its handles (and, for a finger, a
  /// target 44 px across around each, as the selection's handles have).
  build() {
    const { href, whole } = this.state;
    const group = document.createElementNS(SVG, 'g');
    const make = (parent, tag, attributes) => {
      const node = document.createElementNS(SVG, tag);
      Object.entries(attributes).forEach(([name, value]) => node.setAttribute(name, value));
      parent.append(node);
      return node;
    };
    const picture = { href, x: whole.x, y: whole.y, width: whole.width, height: whole.height, preserveAspectRatio: 'none', 'pointer-events': 'none' };
    make(group, 'image', { ...picture, opacity: 0.35, class: 'crop-whole' });
    const inner = make(group, 'svg', { 'pointer-events': 'none' });
    make(inner, 'image', picture);
    const outline = make(group, 'rect', { class: 'selection-box crop-box', 'data-testid': 'crop-box' });
    outline.dataset.kind = 'crop';
    const touch = matchMedia('(pointer: coarse)').matches;
    const targets = touch ? Object.keys(HANDLES).map(() => make(group, 'circle', { class: 'handle-target' })) : [];
    const handles = Object.keys(HANDLES).map((edges) => {
      const handle = make(group, 'circle', { class: `handle handle-${edges}`, 'data-testid': `crop-${edges}` });
      handle.dataset.kind = 'crop';
      handle.dataset.edges = edges;
      return handle;
    });
    this.nodes = { group, inner, outline, targets, handles };
  }

  /// The drawing where the box is now, turned as the picture is, in the layer.
  draw() {
    const { frame, rotation, box } = this.state, { group, inner, outline, targets, handles } = this.nodes;
    const scale = 1 / this.canvas.zoom, set = (node, attributes) => Object.entries(attributes).forEach(([name, value]) => node.setAttribute(name, value));
    const cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2;
    if (rotation) group.setAttribute('transform', `rotate(${rotation * 180 / Math.PI} ${cx} ${cy})`);
    set(inner, { x: box.x, y: box.y, width: box.width, height: box.height, viewBox: `${box.x} ${box.y} ${box.width} ${box.height}` });
    set(outline, { x: box.x, y: box.y, width: box.width, height: box.height, 'stroke-width': 1.5 * scale });
    Object.values(HANDLES).forEach(([fx, fy], index) => {
      const at = { cx: box.x + box.width * fx, cy: box.y + box.height * fy };
      set(handles[index], { ...at, r: 6 * scale, 'stroke-width': 1.5 * scale });
      if (targets[index]) set(targets[index], { ...at, r: 22 * scale });
    });
    if (group.parentNode !== this.layer) this.layer.replaceChildren(group);
  }
}
