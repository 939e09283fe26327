// The engine's ink in the page: MarkupInk compiled to WebAssembly (markupink.wasm, built by `make`),
// so the stroke under the pen is drawn here, from the same Swift as the server's, with no round trip.
// Works in browsers and in Node (the identity check).

export const INKS = ['pen', 'pencil', 'marker', 'monoline', 'fountainPen', 'watercolor', 'crayon', 'reed'];
const KINDS = ['pen', 'touch', 'mouse'];
const ERRORS = { [-1]: 'unknown ink, pointer or stroke', [-2]: 'a value that is not finite', [-3]: 'time running backwards',
  [-4]: 'the stroke is finished', [-5]: 'too many points' };

/// A stroke's update: per layer, the contours finished since the last one (they never change) and
/// the provisional rest (it replaces the previous). A contour is a Float64Array of x, y, x, y…: a
/// view into the module's memory, valid until the next call into the engine (draw it before then).
function readUpdate(numbers) {
  let at = 0;
  const next = () => numbers[at++];
  const contours = () => {
    const list = [];
    for (let count = next(); count > 0; count--) {
      const points = next();
      list.push(numbers.subarray(at, at + 2 * points));
      at += 2 * points;
    }
    return list;
  };
  const layers = [];
  for (let count = next(); count > 0; count--) layers.push({ finished: contours(), provisional: contours() });
  return layers;
}

export class InkEngine {
  constructor(instance) {
    this.api = instance.exports;
  }

  /// Loads the module from `source`: a URL (in a page) or the module's bytes.
  static async load(source) {
    const bytes = typeof source === 'string' ? await (await fetch(source)).arrayBuffer() : source;
    const { instance } = await WebAssembly.instantiate(bytes, {});
    return new InkEngine(instance);
  }

  /// Each layer's opacity for ink `name`.
  layerOpacities(name) {
    const ink = INKS.indexOf(name);
    return Array.from({ length: this.api.mk_layer_count(ink) }, (_, layer) => this.api.mk_layer_opacity(ink, layer));
  }

  /// Per layer of stroke `handle`'s ink, the paper grain it leaves unpainted (null for a plain
  /// layer; null for all before the stroke has a point): { tile, radius (the largest dot's), dots },
  /// dots a Float64Array of x, y, r: centres within a tile anchored at the page's origin, and radii. (It may grow the module's memory, so
  /// read an update's contours before asking.)
  grains(handle, name) {
    const layers = [];
    for (let layer = 0; layer < this.api.mk_layer_count(INKS.indexOf(name)); layer++) {
      const count = this.api.mk_grain(handle, layer);
      if (count === -2) return null;
      const numbers = count < 0 ? null : new Float64Array(this.api.memory.buffer, this.api.mk_grain_result(), 2 + 3 * count);
      layers.push(numbers && { tile: numbers[0], radius: numbers[1], dots: numbers.slice(2) });
    }
    return layers;
  }

  #put(samples) {
    const pointer = this.api.mk_buffer(samples.length * 6);
    const buffer = new Float64Array(this.api.memory.buffer, pointer, samples.length * 6);
    let at = 0;
    for (const sample of samples) {
      buffer[at++] = sample.x;
      buffer[at++] = sample.y;
      buffer[at++] = sample.t;
      buffer[at++] = sample.p ?? NaN;
      buffer[at++] = sample.tx ?? NaN;
      buffer[at++] = sample.ty ?? NaN;
    }
  }

  #update(status) {
    if (status < 0) throw new Error(`the ink refused the samples: ${ERRORS[status] || status}`);
    const pointer = this.api.mk_result(), count = this.api.mk_result_count();
    return readUpdate(new Float64Array(this.api.memory.buffer, pointer, count));
  }

  /// Starts a stroke of ink `ink` (a name) and `width` points (undefined for the ink's default), by a
  /// `pointerType` pointer, with samples {x, y, t, p, tx, ty} in a `view` {x, y, width, height,
  /// viewWidth, viewHeight}, its widths following pressure with `pressure` (1: as the ink does).
  /// Returns the stroke, its first update and its layers' grain.
  begin(ink, width, pointerType, view, samples, pressure = 1) {
    this.#put(samples);
    const kind = Math.max(0, KINDS.indexOf(pointerType === 'pen' || pointerType === 'touch' ? pointerType : 'mouse'));
    const handle = this.api.mk_begin(INKS.indexOf(ink), width ?? NaN, kind, view.x, view.y, view.width, view.height,
      view.viewWidth, view.viewHeight, samples.length, pressure);
    // The grain first: finding it may grow the module's memory, which would empty the update's views.
    const grains = handle >= 0 ? this.grains(handle, ink) : [];
    return { handle, update: this.#update(handle), grains };
  }

  /// More samples for stroke `handle`, the last ones when `ending`; returns the update.
  append(handle, samples, ending = false) {
    this.#put(samples);
    return this.#update(this.api.mk_append(handle, samples.length, ending ? 1 : 0));
  }

  end(handle) {
    this.api.mk_end(handle);
  }

  /// The shape `points` ({x, y}, document points) were drawn as, or null: { kind: 'line', from, to }
  /// or { kind: 'rectangle' or 'ellipse', frame: {x, y, width, height}, rotation (radians) }.
  recognize(points) {
    if (!this.api.mk_recognize) return null;
    const pointer = this.api.mk_buffer(points.length * 2);
    const buffer = new Float64Array(this.api.memory.buffer, pointer, points.length * 2);
    points.forEach((point, index) => buffer.set([point.x, point.y], index * 2));
    const kind = this.api.mk_recognize(points.length);
    if (kind <= 0) return null;
    const n = new Float64Array(this.api.memory.buffer, this.api.mk_result(), this.api.mk_result_count());
    if (kind === 1) return { kind: 'line', from: { x: n[0], y: n[1] }, to: { x: n[2], y: n[3] } };
    return { kind: kind === 2 ? 'rectangle' : 'ellipse', frame: { x: n[0], y: n[1], width: n[2], height: n[3] }, rotation: n[4] };
  }
}
