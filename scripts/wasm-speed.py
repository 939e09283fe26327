"""How fast the page's WebAssembly ink runs in Chromium: scripts/wasm-speed.py STROKES WASM.

STROKES is the file markupkit-bench writes (BrowserStroke.encoded, without updates). Each stroke
goes through ink.js exactly as the editor page feeds it (begin, then append per batch of samples,
updates read back), best of seven rounds (the first ones run before Chromium has compiled the module
fully); prints input samples per second.
"""
import base64
import pathlib
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent

PAGE_SCRIPT = """async ([inkSource, wasm, cases]) => {
  const module = await import(URL.createObjectURL(new Blob([inkSource], { type: 'text/javascript' })));
  const bytes = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0));
  const engine = await module.InkEngine.load(bytes.buffer);
  const raw = Uint8Array.from(atob(cases), (c) => c.charCodeAt(0));
  const numbers = new Float64Array(raw.buffer);
  const strokes = [];
  let at = 0;
  const next = () => numbers[at++];
  while (at < numbers.length) {
    const stroke = { ink: module.INKS[next()], width: next(), kind: ['pen', 'touch', 'mouse'][next()],
      view: { x: next(), y: next(), width: next(), height: next(), viewWidth: next(), viewHeight: next() }, pressure: next(), batches: [] };
    for (let batch = next(); batch > 0; batch--) {
      const count = next(), ending = next() === 1, samples = [];
      for (let i = 0; i < count; i++) {
        const [x, y, t, p, tx, ty] = [next(), next(), next(), next(), next(), next()];
        samples.push({ x, y, t, p: Number.isNaN(p) ? undefined : p, tx: Number.isNaN(tx) ? undefined : tx, ty: Number.isNaN(ty) ? undefined : ty });
      }
      const expected = next();
      at += expected;
      stroke.batches.push({ samples, ending });
    }
    strokes.push(stroke);
  }
  const total = strokes.reduce((sum, s) => sum + s.batches.reduce((n, b) => n + b.samples.length, 0), 0);
  let best = Infinity;
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    for (const stroke of strokes) {
      const [first, ...rest] = stroke.batches;
      const { handle } = engine.begin(stroke.ink, Number.isNaN(stroke.width) ? undefined : stroke.width, stroke.kind, stroke.view, first.samples, stroke.pressure);
      for (const batch of rest) engine.append(handle, batch.samples, batch.ending);
      engine.end(handle);
    }
    best = Math.min(best, performance.now() - started);
  }
  return total / (best / 1000);
}"""


def main():
    cases = base64.b64encode(pathlib.Path(sys.argv[1]).read_bytes()).decode()
    wasm = base64.b64encode(pathlib.Path(sys.argv[2]).read_bytes()).decode()
    ink = (ROOT / "Sources/MarkupServer/Web/ink.js").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        page.goto("about:blank")
        print(page.evaluate(PAGE_SCRIPT, [ink, wasm, cases]))
        browser.close()


if __name__ == "__main__":
    main()
