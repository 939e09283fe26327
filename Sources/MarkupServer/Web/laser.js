// The laser pointer: a trail that fades within a second, for pointing at things while others
// watch (a meeting, a class). This page's is drawn from its pointer; the others' from their cursors
// as the server relays them. Nothing of it is saved or sent as an edit.

const SVG = 'http://www.w3.org/2000/svg';
const LIFETIME = 1000; // milliseconds a point of the trail shows

export class LaserTrails {
  /// `layer` is the SVG group the trails go in, in document points.
  constructor(layer) {
    this.layer = layer;
    this.trails = new Map(); // key → { points: [{x, y, at} or null between stretches], node }
    this.frame = null;
  }

  /// Adds `point` (document points) to the trail of `key` ('me', or a peer's id); null lifts it,
  /// so the next point starts a new stretch.
  add(key, point) {
    let trail = this.trails.get(key);
    if (!trail) {
      if (!point) return;
      trail = { points: [], node: document.createElementNS(SVG, 'g') };
      trail.node.classList.add('laser');
      trail.node.dataset.laser = key;
      this.layer.append(trail.node);
      this.trails.set(key, trail);
    }
    trail.points.push(point ? { x: point.x, y: point.y, at: performance.now() } : null);
    this.frame ??= requestAnimationFrame(() => this.draw());
  }

  /// How many trails show now (for tests).
  get count() { return this.trails.size; }

  draw() {
    this.frame = null;
    const now = performance.now();
    for (const [key, trail] of this.trails) {
      const first = trail.points.findIndex((point) => point && now - point.at < LIFETIME);
      trail.points = first < 0 ? [] : trail.points.slice(first);
      if (!trail.points.length) {
        trail.node.remove();
        this.trails.delete(key);
        continue;
      }
      const segments = [];
      for (let index = 1; index < trail.points.length; index++) {
        const [from, to] = [trail.points[index - 1], trail.points[index]];
        if (!from || !to) continue;
        const segment = document.createElementNS(SVG, 'line');
        Object.entries({ x1: from.x, y1: from.y, x2: to.x, y2: to.y, opacity: (1 - (now - to.at) / LIFETIME).toFixed(2) })
          .forEach(([name, value]) => segment.setAttribute(name, value));
        segments.push(segment);
      }
      const last = trail.points[trail.points.length - 1];
      if (last) {
        const dot = document.createElementNS(SVG, 'circle');
        Object.entries({ cx: last.x, cy: last.y, r: 0.01, opacity: (1 - (now - last.at) / LIFETIME).toFixed(2) })
          .forEach(([name, value]) => dot.setAttribute(name, value));
        segments.push(dot);
      }
      trail.node.replaceChildren(...segments);
    }
    if (this.trails.size) this.frame = requestAnimationFrame(() => this.draw());
  }
}
