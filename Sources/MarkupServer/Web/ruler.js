// The ruler, as PencilKit's: a straight edge laid on the page. Ink begun along either of its edges
// follows that edge as a straight line; a drag on its body moves it, a drag of a round handle turns
// it (two fingers do both), and the angle shows at its middle. It lies on the page (it stays where
// it was put as the view pans and zooms) but keeps its size on screen, and its ticks measure the
// page in millimetres and centimetres. It is this page's alone: nothing of it is sent or saved.

const SVG = 'http://www.w3.org/2000/svg';
const POINTS_PER_CENTIMETRE = 72 / 2.54;
const THICKNESS = 72; // pixels across
const EDGE_INSIDE = 16, EDGE_OUTSIDE = 24; // pixels from an edge where a pen's stroke follows it
const HANDLE_RADIUS = 14, HANDLE_REACH = 150; // the turning handles, pixels from the middle
const SNAP_DEGREES = 2; // the angle settles on a multiple of 45° within this

function node(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

const normalized = (degrees) => ((degrees % 360) + 540) % 360 - 180;

export class Ruler {
  /// `host` is the canvas element the ruler lies over; `canvas` converts between the page and the view.
  constructor(host, canvas) {
    this.host = host;
    this.canvas = canvas;
    this.svg = node('svg', { class: 'ruler', 'data-testid': 'ruler', 'aria-hidden': 'true' });
    this.band = node('g');
    this.body = node('rect', { class: 'ruler-body', y: -THICKNESS / 2, height: THICKNESS, rx: 6 });
    this.ticks = node('path', { class: 'ruler-ticks' });
    this.label = node('text', { class: 'ruler-label', 'text-anchor': 'middle', 'dominant-baseline': 'central' });
    this.handles = [-1, 1].map((side) => node('circle', { class: 'ruler-handle', cx: side * HANDLE_REACH, cy: 0, r: HANDLE_RADIUS - 4 }));
    this.band.append(this.body, this.ticks, ...this.handles, this.label);
    this.svg.append(this.band);
    this.svg.style.display = 'none';
    host.append(this.svg);
    this.anchor = null; // where on the page its middle line passes: { x, y } in document points
    this.degrees = 0; // its direction, clockwise from the page's x axis
    this.drag = null; // { pointers: id → view point, pivot: the view point a handle turns it about, unsettled: fingers' angle before settling }
    this.measured = null; // the length drawn along it so far, in points, while a stroke follows it
  }

  get shown() { return this.anchor !== null; }

  /// Shows the ruler across the middle of the view, level, or hides it.
  toggle(show = !this.shown) {
    if (show === this.shown) return;
    if (show) {
      const { width, height } = this.canvas.viewSize;
      this.anchor = this.canvas.toDocument(width / 2, height / 2);
      this.degrees = 0;
    } else {
      this.anchor = null;
      this.drag = null;
    }
    this.draw();
  }

  get #direction() {
    const radians = this.degrees * Math.PI / 180;
    return { x: Math.cos(radians), y: Math.sin(radians) };
  }

  /// Where on screen its middle is drawn: the point of its middle line nearest the view's centre, so
  /// the angle and the handles stay in view wherever the ruler runs.
  get #middle() {
    const { width, height } = this.canvas.viewSize;
    const anchor = this.canvas.toView(this.anchor.x, this.anchor.y);
    const along = (width / 2 - anchor.x) * this.#direction.x + (height / 2 - anchor.y) * this.#direction.y;
    return { x: anchor.x + along * this.#direction.x, y: anchor.y + along * this.#direction.y, along };
  }

  /// A view point in the ruler's own frame: `along` its length from its middle, `across` it (positive
  /// on the side its normal, the direction turned a quarter clockwise, points to).
  #local(view) {
    const middle = this.#middle, direction = this.#direction;
    const dx = view.x - middle.x, dy = view.y - middle.y;
    return { along: dx * direction.x + dy * direction.y, across: -dx * direction.y + dy * direction.x };
  }

  /// What of the ruler is at view point `view`: 'handle', 'body', or null.
  partAt(view) {
    if (!this.shown) return null;
    const { along, across } = this.#local(view);
    if (this.handles.some((_, index) => Math.hypot(along - (index ? 1 : -1) * this.#handleReach, across) <= HANDLE_RADIUS)) return 'handle';
    return Math.abs(across) <= THICKNESS / 2 ? 'body' : null;
  }

  get #handleReach() { return Math.min(HANDLE_REACH, this.canvas.viewSize.width / 4); }

  /// The edge a stroke begun at view point `view` follows, or null: within a few pixels of either
  /// edge, inside or out. `width` is the ink's width in points: its line runs half of it off the
  /// edge, so that the ink touches the edge from outside. In document points: a point on the line
  /// and the line's direction.
  edgeFor(view, width) {
    if (!this.shown) return null;
    const { across } = this.#local(view);
    const side = Math.sign(across) || 1, fromEdge = Math.abs(across) - THICKNESS / 2;
    if (fromEdge < -EDGE_INSIDE || fromEdge > EDGE_OUTSIDE) return null;
    const direction = this.#direction, zoom = this.canvas.zoom;
    const offset = side * (THICKNESS / 2 / zoom + width / 2);
    const origin = { x: this.anchor.x - direction.y * offset, y: this.anchor.y + direction.x * offset };
    return { origin, direction, start: null };
  }

  /// `samples` (view pixels, as the pointer gives them) moved onto `edge`'s line, each at the point
  /// of the line nearest it; notes how far along the line the stroke reaches, for the label.
  follow(edge, samples) {
    const { origin, direction } = edge;
    const moved = samples.map((sample) => {
      const at = this.canvas.toDocument(sample.x, sample.y);
      const along = (at.x - origin.x) * direction.x + (at.y - origin.y) * direction.y;
      edge.start ??= along;
      edge.reach = Math.max(edge.reach ?? 0, Math.abs(along - edge.start));
      const view = this.canvas.toView(origin.x + along * direction.x, origin.y + along * direction.y);
      return { ...sample, x: view.x, y: view.y };
    });
    this.measured = edge.reach ?? 0;
    this.draw();
    return moved;
  }

  /// The stroke that followed an edge has ended: the label shows the angle again.
  stopFollowing() {
    if (this.measured === null) return;
    this.measured = null;
    this.draw();
  }

  /// A pointer pressed on the ruler: a drag of its body moves it, a drag of a handle turns it about
  /// its middle; a second finger on it turns and moves it with the first.
  press(pointer, view, part) {
    // A handle turns it about the middle as it was pressed: the middle drawn moves as it turns.
    if (!this.drag) this.drag = { pointers: new Map(), pivot: part === 'handle' ? this.#middle : null, unsettled: this.degrees };
    this.drag.pointers.set(pointer, view);
  }

  get dragging() { return this.drag !== null; }

  /// Whether `pointer` is one holding the ruler.
  holds(pointer) { return this.drag?.pointers.has(pointer) ?? false; }

  /// A pointer that pressed on the ruler moved to `view`; `inSteps` (Shift held) turns it by 15°.
  move(pointer, view, inSteps = false) {
    const drag = this.drag, previous = drag?.pointers.get(pointer);
    if (!previous) return;
    if (drag.pointers.size === 2) {
      const [other] = [...drag.pointers].filter(([id]) => id !== pointer).map(([, point]) => point);
      const before = Math.atan2(previous.y - other.y, previous.x - other.x), after = Math.atan2(view.y - other.y, view.x - other.x);
      drag.unsettled += (after - before) * 180 / Math.PI;
      this.#turnTo(drag.unsettled, other, false);
      this.#moveBy((view.x - previous.x) / 2, (view.y - previous.y) / 2);
    } else if (drag.pivot) {
      const { pivot } = drag, direction = this.#direction;
      const degrees = Math.atan2(view.y - pivot.y, view.x - pivot.x) * 180 / Math.PI;
      const handle = (previous.x - pivot.x) * direction.x + (previous.y - pivot.y) * direction.y < 0 ? 180 : 0;
      this.#turnTo(degrees - handle, pivot, inSteps);
    } else {
      this.#moveBy(view.x - previous.x, view.y - previous.y);
    }
    drag.pointers.set(pointer, view);
    this.draw();
  }

  /// A pointer let go of the ruler; true when none holds it any more.
  release(pointer) {
    this.drag?.pointers.delete(pointer);
    if (this.drag?.pointers.size) return false;
    this.drag = null;
    return true;
  }

  #moveBy(dx, dy) {
    const zoom = this.canvas.zoom;
    this.anchor = { x: this.anchor.x + dx / zoom, y: this.anchor.y + dy / zoom };
  }

  /// Turns the ruler to `degrees` about view point `pivot`, settling on a multiple of 45° (of 15°
  /// when `inSteps`) when it comes near one.
  #turnTo(degrees, pivot, inSteps) {
    degrees = normalized(degrees);
    const step = inSteps ? 15 : 45, nearest = Math.round(degrees / step) * step;
    if (inSteps || Math.abs(degrees - nearest) <= SNAP_DEGREES) degrees = normalized(nearest);
    const at = this.canvas.toDocument(pivot.x, pivot.y), turn = (degrees - this.degrees) * Math.PI / 180;
    const dx = this.anchor.x - at.x, dy = this.anchor.y - at.y;
    this.anchor = { x: at.x + dx * Math.cos(turn) - dy * Math.sin(turn), y: at.y + dx * Math.sin(turn) + dy * Math.cos(turn) };
    this.degrees = degrees;
  }

  /// Draws the ruler where it lies in the view; the canvas calls this as the view pans and zooms.
  draw() {
    this.svg.style.display = this.shown ? '' : 'none';
    if (!this.shown) return;
    const { width, height } = this.canvas.viewSize, middle = this.#middle;
    const half = Math.hypot(width, height) + 2 * THICKNESS;
    this.band.setAttribute('transform', `translate(${middle.x.toFixed(2)} ${middle.y.toFixed(2)}) rotate(${this.degrees.toFixed(3)})`);
    this.body.setAttribute('x', -half);
    this.body.setAttribute('width', 2 * half);
    this.ticks.setAttribute('d', this.#tickPath(half, middle.along));
    const reach = this.#handleReach;
    this.handles.forEach((handle, index) => handle.setAttribute('cx', (index ? 1 : -1) * reach));
    // A line's slope, 0° to 90°, whichever way it was turned.
    const slope = ((Math.round(-this.degrees) % 180) + 180) % 180;
    this.label.textContent = this.measured === null ? `${Math.min(slope, 180 - slope)}°` : `${(this.measured / POINTS_PER_CENTIMETRE).toFixed(1)} cm`;
  }

  /// Ticks along both edges from the anchor, a millimetre apart when that is 4 pixels or more
  /// (longer each half centimetre and centimetre), else a centimetre apart when that is.
  #tickPath(half, middleAlong) {
    const millimetre = this.canvas.zoom * POINTS_PER_CENTIMETRE / 10;
    const [spacing, every] = millimetre >= 4 ? [millimetre, 1] : millimetre * 10 >= 4 ? [millimetre * 10, 10] : [0, 0];
    if (!spacing) return '';
    const edge = THICKNESS / 2, parts = [];
    // The anchor is tick 0, at `-middleAlong` from the middle this is drawn about.
    const first = Math.ceil((-half + middleAlong) / spacing), last = Math.floor((half + middleAlong) / spacing);
    for (let index = first; index <= last; index += 1) {
      const x = (index * spacing - middleAlong).toFixed(1), millimetres = index * every;
      const length = millimetres % 10 === 0 ? 14 : millimetres % 5 === 0 ? 9 : 5;
      parts.push(`M${x} ${-edge}v${length}M${x} ${edge}v${-length}`);
    }
    return parts.join('');
  }
}
