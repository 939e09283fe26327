// Text typed on the canvas: an editing box over the page, set in the text's own font, size, color
// and alignment at the view's zoom, where the text box is (or will be). It grows as the text does;
// a click elsewhere, Escape or Ctrl/⌘+Enter keeps the text (as tldraw and Excalidraw do; an undo
// takes it back).

const ALIGN = { leading: 'start', center: 'center', trailing: 'end', justified: 'justify' };

export class TextEditor {
  /// `host` is the canvas element the box floats in; `onDone(result)` gets { text, frame, style, id, label, lines }
  /// when the text is kept (`id` is the text box edited, if any), or null when it is dropped.
  constructor(host, canvas, onDone) {
    this.host = host;
    this.canvas = canvas;
    this.onDone = onDone;
    this.box = null;
  }

  get isOpen() { return this.box !== null; }

  /// Opens the editor for `frame` (document points; its height grows with the text), with `text`
  /// set in `style` { family, size, bold, italic, alignment, color }; `label` (what the text labels)
  /// comes back with the result.
  open({ frame, text = '', style, id = null, label = null }) {
    this.close(false);
    const box = document.createElement('textarea');
    box.className = 'text-editor';
    box.dataset.testid = 'text-editor';
    box.setAttribute('aria-label', id ? 'Edit the text' : 'Type the text');
    box.spellcheck = true;
    // One line to start with (a textarea's default is two), growing as the text does.
    box.rows = 1;
    // Each paragraph runs the way its own letters do (Hebrew and Arabic from the right), as the
    // server lays it out.
    box.dir = 'auto';
    box.style.unicodeBidi = 'plaintext';
    box.value = text;
    this.box = box;
    this.session = { frame: { ...frame }, style: { ...style }, id, label, original: text };
    box.addEventListener('input', () => this.fit());
    box.addEventListener('keydown', (event) => {
      event.stopPropagation();
      // Tab keeps the text and goes on to the next control, as it leaves any field.
      if (event.key === 'Escape' || event.key === 'Tab' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) this.close(true);
    });
    box.addEventListener('pointerdown', (event) => event.stopPropagation());
    this.host.append(box);
    this.place();
    box.focus();
    if (id) box.select();
  }

  /// Keeps the box over its text after a pan or zoom.
  place() {
    if (!this.box) return;
    const { frame, style } = this.session;
    const zoom = this.canvas.zoom;
    const corner = this.canvas.toView(frame.x, frame.y);
    Object.assign(this.box.style, {
      left: `${corner.x}px`, top: `${corner.y}px`, width: `${frame.width * zoom}px`,
      fontFamily: `"${style.family}", ${style.family === 'Serif' ? 'serif' : style.family === 'Monospace' ? 'monospace' : 'sans-serif'}`,
      fontSize: `${style.size * zoom}px`, fontWeight: style.bold ? '700' : '400', fontStyle: style.italic ? 'italic' : 'normal',
      color: this.canvas.shown(style.color), textAlign: ALIGN[style.alignment] || 'start',
    });
    this.fit();
  }

  /// Sets the text being typed in `changes` of its style (family, size, bold, italic, alignment):
  /// kept with it when it closes, even with its words unchanged.
  restyle(changes) {
    if (!this.box) return;
    Object.assign(this.session.style, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
    this.session.restyled = true;
    this.place();
    this.box.focus();
  }

  fit() {
    this.box.style.height = 'auto';
    this.box.style.height = `${this.box.scrollHeight}px`;
    // A label grows about the middle of what it labels, where it is kept once typed (it grew
    // downwards, then jumped up when it closed).
    const middle = this.session.label?.middle;
    if (middle !== undefined) this.box.style.top = `${this.canvas.toView(0, middle).y - this.box.scrollHeight / 2}px`;
  }

  /// Ends editing: with `keep`, hands over the text unless it is unchanged.
  close(keep = true) {
    const box = this.box;
    if (!box) return;
    this.box = null;
    const { frame, style, id, label, original, restyled } = this.session;
    const text = box.value.replace(/\s+$/, '');
    // A little taller than the box: the text box clips, and fonts' line heights differ a little.
    frame.height = Math.max(box.scrollHeight / this.canvas.zoom + style.size * 0.3, style.size * 1.5);
    // Its lines as wrapped here (the box sets them 1.2 of the size apart).
    const lines = Math.max(Math.round(box.scrollHeight / this.canvas.zoom / (style.size * 1.2)), 1);
    box.remove();
    this.onDone(keep && (text !== original || restyled) ? { text, frame, style, id, label, lines } : null);
  }
}
