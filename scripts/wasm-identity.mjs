// Checks that the page's WebAssembly ink computes exactly what the native build computed: reads the
// cases a native test wrote (scripts/wasm-identity.mjs CASES WASM), runs each through ink.js, and
// compares every number of every update and each stroke's grain. Prints a summary; exits 1 on the
// first difference.
import { readFileSync } from 'node:fs';

// ink.js is the page's own module file, an ES module without a package.json to say so.
const inkSource = readFileSync(new URL('../Sources/MarkupServer/Web/ink.js', import.meta.url), 'utf8');
const { InkEngine, INKS } = await import(`data:text/javascript,${encodeURIComponent(inkSource)}`);

const [casesPath, wasmPath] = process.argv.slice(2);
const numbers = new Float64Array(new Uint8Array(readFileSync(casesPath)).buffer);
const engine = await InkEngine.load(readFileSync(wasmPath));
let at = 0;
const next = () => numbers[at++];
const flatten = (layers) => {
  const out = [layers.length];
  for (const layer of layers) {
    for (const list of [layer.finished, layer.provisional]) {
      out.push(list.length);
      for (const contour of list) out.push(contour.length / 2, ...contour);
    }
  }
  return out;
};

let cases = 0, updates = 0, values = 0, grained = 0;
const started = performance.now();
while (at < numbers.length) {
  const ink = INKS[next()], width = next(), kind = ['pen', 'touch', 'mouse'][next()];
  const view = { x: next(), y: next(), width: next(), height: next(), viewWidth: next(), viewHeight: next() };
  const pressure = next(), batches = next();
  let handle = null;
  for (let batch = 0; batch < batches; batch++) {
    const count = next(), ending = next() === 1;
    const samples = [];
    for (let index = 0; index < count; index++) {
      const [x, y, t, p, tx, ty] = [next(), next(), next(), next(), next(), next()];
      samples.push({ x, y, t, p: Number.isNaN(p) ? undefined : p, tx: Number.isNaN(tx) ? undefined : tx, ty: Number.isNaN(ty) ? undefined : ty });
    }
    const expectedCount = next();
    const expected = numbers.subarray(at, at + expectedCount);
    at += expectedCount;
    let actual;
    if (handle === null) {
      const begun = engine.begin(ink, Number.isNaN(width) ? undefined : width, kind, view, samples, pressure);
      handle = begun.handle;
      actual = flatten(begun.update);
    } else {
      actual = flatten(engine.append(handle, samples, ending));
    }
    const same = actual.length === expected.length && actual.every((value, index) => Object.is(value, expected[index]) || value === expected[index]);
    if (!same) {
      const index = actual.findIndex((value, i) => value !== expected[i]);
      console.log(`case ${cases} (${ink}), update ${batch}: differs at number ${index}: wasm ${actual[index]}, native ${expected[index]} (${actual.length} vs ${expected.length} numbers)`);
      process.exit(1);
    }
    updates++;
    values += expected.length;
  }
  // The grain the page leaves unpainted: the same dots as the renderers'.
  const grains = engine.grains(handle, ink);
  const expectedGrain = [];
  const layerCount = next();
  if (layerCount !== -2) {
    for (let layer = 0; layer < layerCount; layer++) {
      const count = next();
      expectedGrain.push(count < 0 ? null : { tile: next(), radius: next(), dots: Array.from(numbers.subarray(at, (at += 3 * count))) });
    }
  }
  const actualGrain = grains && grains.map((grain) => grain && { ...grain, dots: Array.from(grain.dots) });
  if (JSON.stringify(actualGrain) !== JSON.stringify(layerCount === -2 ? null : expectedGrain)) {
    console.log(`case ${cases} (${ink}): the grain differs: wasm ${JSON.stringify(actualGrain)?.slice(0, 200)}, native ${JSON.stringify(expectedGrain).slice(0, 200)}`);
    process.exit(1);
  }
  if (grains?.some((grain) => grain)) grained++;
  engine.end(handle);
  cases++;
}
console.log(`identical: ${cases} strokes (${grained} with grain), ${updates} updates, ${values} numbers in ${((performance.now() - started) / 1000).toFixed(2)} s`);
