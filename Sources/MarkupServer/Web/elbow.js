// Elbow lines routed on the page as the server routes them (ElbowRouter): horizontal and vertical
// segments out of the sides of what a line joins and round it, with as few turns as it can.

/// How far a route goes straight out of an element's side before it may turn, and what a turn costs
/// in points of length.
const STUB = 16, TURN_COST = 40;

const SIDES = { left: { x: -1, y: 0 }, right: { x: 1, y: 0 }, top: { x: 0, y: -1 }, bottom: { x: 0, y: 1 } };

/// A free end at `point`: any way in or out.
export const freeEnd = (point) => ({ box: null, exits: [{ side: 'left', point, out: point }] });

/// The way out from `point` by `side` of `box`: straight out to STUB beyond that side.
function exit(point, side, box) {
  const edge = {
    left: { x: Math.min(point.x, box.x), y: point.y }, right: { x: Math.max(point.x, box.x + box.width), y: point.y },
    top: { x: point.x, y: Math.min(point.y, box.y) }, bottom: { x: point.x, y: Math.max(point.y, box.y + box.height) },
  }[side];
  return { side, point, out: { x: edge.x + SIDES[side].x * STUB, y: edge.y + SIDES[side].y * STUB } };
}

/// An end on `box` (an element's box, turned as it is) leaving from each side's point that
/// `pointFor(side, outward)` gives (null: not that side).
export function sideEnd(box, pointFor) {
  const exits = Object.entries(SIDES).map(([side, outward]) => {
    const point = pointFor(side, outward);
    return point && exit(point, side, box);
  }).filter(Boolean);
  return { box, exits };
}

/// An end pinned to `point` on `box`: it leaves by the side nearest to it.
export function pinnedEnd(point, box) {
  const distances = [['left', point.x - box.x], ['right', box.x + box.width - point.x], ['top', point.y - box.y], ['bottom', box.y + box.height - point.y]];
  const [side] = distances.reduce((best, next) => (next[1] < best[1] ? next : best));
  return { box, exits: [exit(point, side, box)] };
}

/// The route from `start` to `end` (each made by the functions above): its points, first to last;
/// with `middle`, a Z whose middle segment passes through it, where one can be.
export function elbowRoute(start, end, middle = null) {
  const route = (middle && bestRoute(start, end, middle)) || bestRoute(start, end, null);
  if (route) return route;
  const from = start.exits[0].point, to = end.exits[0].point;
  return simplified([from, { x: to.x, y: from.y }, to]);
}

/// The middle of a route's middle segment (of an L, its longer one), where its handle goes; null
/// for a straight route.
export function middleSegmentOf(points) {
  if (points.length < 3) return null;
  const length = (index) => Math.hypot(points[index + 1].x - points[index].x, points[index + 1].y - points[index].y);
  const index = points.length === 3 ? (length(0) >= length(1) ? 0 : 1) : Math.floor((points.length - 2) / 2);
  const a = points[index], b = points[index + 1];
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/// The cheapest of the candidates for every exit and entry; null when none is a route.
function bestRoute(start, end, middle) {
  const boxes = [start.box, end.box].filter(Boolean);
  let best = null;
  for (const out of start.exits) {
    for (const into of end.exits) {
      let leaving = start.box ? SIDES[out.side] : null, arriving = end.box ? SIDES[into.side] : null;
      if (!start.box && !end.box) {
        const dx = into.point.x - out.point.x, dy = into.point.y - out.point.y;
        leaving = Math.abs(dx) >= Math.abs(dy) ? { x: dx < 0 ? -1 : 1, y: 0 } : { x: 0, y: dy < 0 ? -1 : 1 };
        arriving = { x: -leaving.x, y: -leaving.y };
      }
      for (const path of candidates(out, into, boxes, middle)) {
        const cost = costOf(path, leaving, arriving, [!!start.box, !!end.box], boxes);
        if (cost !== null && cost < (best?.cost ?? Infinity)) best = { cost, path };
      }
    }
  }
  return best?.path ?? null;
}

/// The paths to weigh: an L, a Z either way, or a U round the boxes on any side; with `middle`,
/// only the two Zs whose middle segments pass through it.
function candidates(exitWay, entryWay, boxes, middle) {
  const { point: start, out } = exitWay, { point: end, out: into } = entryWay;
  const mx = middle?.x ?? (out.x + into.x) / 2, my = middle?.y ?? (out.y + into.y) / 2;
  const zs = [[{ x: mx, y: out.y }, { x: mx, y: into.y }], [{ x: out.x, y: my }, { x: into.x, y: my }]];
  if (middle) return zs.map((z) => simplified([start, out, ...z, into, end]));
  const middles = [[], [{ x: into.x, y: out.y }], [{ x: out.x, y: into.y }], ...zs];
  const around = boxes.map((box) => ({ x: box.x - STUB, y: box.y - STUB, width: box.width + 2 * STUB, height: box.height + 2 * STUB }));
  const xs = [...around.flatMap((box) => [box.x, box.x + box.width]), out.x, into.x];
  const ys = [...around.flatMap((box) => [box.y, box.y + box.height]), out.y, into.y];
  for (const x of [Math.min(...xs), Math.max(...xs)]) middles.push([{ x, y: out.y }, { x, y: into.y }]);
  for (const y of [Math.min(...ys), Math.max(...ys)]) middles.push([{ x: out.x, y }, { x: into.x, y }]);
  return middles.map((middle) => simplified([start, out, ...middle, into, end]));
}

/// A path's length, turns and box crossings as one cost; null when it is no route.
function costOf(path, leaving, arriving, [startStub, endStub], boxes) {
  if (path.length < 2) return null;
  let length = 0, crossings = 0, previous = null;
  for (let index = 0; index < path.length - 1; index++) {
    const a = path[index], b = path[index + 1];
    if (Math.abs(a.x - b.x) >= 1e-9 && Math.abs(a.y - b.y) >= 1e-9) return null;
    const segment = Math.hypot(b.x - a.x, b.y - a.y), direction = { x: (b.x - a.x) / segment, y: (b.y - a.y) / segment };
    if (previous && previous.x * direction.x + previous.y * direction.y < -0.5) return null;
    if (index === 0 && leaving && leaving.x * direction.x + leaving.y * direction.y < 0.5) return null;
    if (index === path.length - 2 && arriving && arriving.x * direction.x + arriving.y * direction.y > -0.5) return null;
    const stub = (index === 0 && startStub) || (index === path.length - 2 && endStub);
    if (!stub) crossings += boxes.filter((box) => crosses(a, b, box)).length;
    length += segment;
    previous = direction;
  }
  return length + (path.length - 2) * TURN_COST + crossings * 1e6;
}

/// Whether the segment from `a` to `b` passes through the inside of `box` (shrunk by half a point).
function crosses(a, b, box) {
  const x = box.x + 0.5, y = box.y + 0.5, width = box.width - 1, height = box.height - 1;
  if (width <= 0 || height <= 0) return false;
  return Math.min(a.x, b.x) < x + width && Math.max(a.x, b.x) > x && Math.min(a.y, b.y) < y + height && Math.max(a.y, b.y) > y;
}

/// `points` without repeats and without points in the middle of a straight run.
function simplified(points) {
  const result = [];
  for (const point of points) {
    const last = result[result.length - 1];
    if (last && (last.x - point.x) ** 2 + (last.y - point.y) ** 2 < 1e-18) continue;
    if (result.length >= 2) {
      const a = result[result.length - 2], b = last;
      const cross = (b.x - a.x) * (point.y - b.y) - (b.y - a.y) * (point.x - b.x);
      const dot = (b.x - a.x) * (point.x - b.x) + (b.y - a.y) * (point.y - b.y);
      if (Math.abs(cross) <= 1e-9 * Math.hypot(b.x - a.x, b.y - a.y) * Math.hypot(point.x - b.x, point.y - b.y) && dot > 0) {
        result[result.length - 1] = point;
        continue;
      }
    }
    result.push(point);
  }
  return result;
}

/// The path data of a polyline.
export const polylinePath = (points) => points.map(({ x, y }, index) => `${index ? 'L' : 'M'}${x} ${y}`).join('');
