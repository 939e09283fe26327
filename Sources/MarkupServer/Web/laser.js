// The laser pointer: a trail that fades within a second, for pointing at things while others
// watch (a meeting, a class). This page's is drawn from its pointer; the others' from their cursors
// as the server relays them. Nothing of it is saved or sent as an edit.

const SVG = 'http://www.w3.org/2000/svg';
const LIFETIME = 1000; // milliseconds a point of the trail shows

function svg(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

export class LaserTrails {
  /// `layer` is the SVG group the trails go in, in document points.
  constructor(layer) {
    this.layer = layer;
    // key → { points: [{ x, y, at, segment (the line to it, if any) } or null between stretches], node, dot }
    this.trails = new Map();
    this.frame = null;
  }

  /// Adds `point` (document points) to the trail of `key` ('me', or a peer's id); null lifts it,
  /// so the next point starts a new stretch. Each point brings the segment from the one before;
  /// frames only fade and drop them.
  add(key, point) {
    let trail = this.trails.get(key);
    if (!trail) {
      if (!point) return;
      const node = svg('g', { class: 'laser', 'data-laser': key });
      trail = { points: [], node, dot: svg('circle', { r: 0.01 }) };
      node.append(trail.dot);
      this.layer.append(node);
      this.trails.set(key, trail);
    }
    const previous = trail.points[trail.points.length - 1];
    const entry = point && { x: point.x, y: point.y, at: performance.now(), segment: null };
    if (entry && previous) {
      entry.segment = svg('line', { x1: previous.x, y1: previous.y, x2: entry.x, y2: entry.y });
      trail.dot.before(entry.segment);
    }
    trail.points.push(entry);
    this.frame ??= requestAnimationFrame(() => this.draw());
  }

  draw() {
    this.frame = null;
    const now = performance.now();
    const fade = (point) => (1 - (now - point.at) / LIFETIME).toFixed(2);
    for (const [key, trail] of this.trails) {
      const first = trail.points.findIndex((point) => point && now - point.at < LIFETIME);
      const gone = first < 0 ? trail.points : trail.points.slice(0, first);
      // The first point kept has lost the one before it: its segment goes too.
      for (const point of [...gone, trail.points[first]]) point?.segment?.remove();
      if (first < 0) {
        trail.node.remove();
        this.trails.delete(key);
        continue;
      }
      trail.points = trail.points.slice(first);
      trail.points[0].segment = null;
      for (const point of trail.points) point?.segment?.setAttribute('opacity', fade(point));
      const last = trail.points[trail.points.length - 1];
      trail.dot.style.display = last ? '' : 'none';
      if (last) Object.entries({ cx: last.x, cy: last.y, opacity: fade(last) }).forEach(([name, value]) => trail.dot.setAttribute(name, value));
    }
    if (this.trails.size) this.frame = requestAnimationFrame(() => this.draw());
  }
}
