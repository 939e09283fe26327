// Presenting, as Xournal++'s presentation mode and a slideshow: the document a page at a time, each
// page whole and as large as the screen allows, the toolbars hidden, the screen filled where the
// browser allows it. The tools still work, so slides are marked up as they are shown, and pages
// following this one's view (follow mode) go along.

export class Presentation {
  /// `canvas` shows the pages; `setFocus(on)` hides or shows the toolbars and says whether they were
  /// hidden before; `indicator` is the page count shown while presenting, with its buttons.
  constructor(canvas, indicator, setFocus) {
    this.canvas = canvas;
    this.indicator = indicator;
    this.setFocus = setFocus;
    this.page = 0;
    this.before = null;
    indicator.querySelector('[data-present=previous]').addEventListener('click', () => this.step(-1));
    indicator.querySelector('[data-present=next]').addEventListener('click', () => this.step(1));
    indicator.querySelector('[data-present=stop]').addEventListener('click', () => this.stop());
    // Entering or leaving the full screen (the browser's own Esc included) changes the view's size.
    window.addEventListener('resize', () => { if (this.isOn) requestAnimationFrame(() => this.show(this.page)); });
    document.addEventListener('fullscreenchange', () => {
      if (this.isOn && this.enteredFullscreen && !document.fullscreenElement) this.stop();
    });
  }

  get isOn() { return document.body.classList.contains('presenting'); }

  /// Starts on the page at the top of the view.
  start() {
    if (this.isOn) return;
    this.before = { view: this.canvas.view, reserved: this.canvas.reservedRight, focused: this.setFocus(true) };
    document.body.classList.add('presenting');
    this.indicator.hidden = false;
    this.canvas.reservedRight = 0;
    this.enteredFullscreen = false;
    document.documentElement.requestFullscreen?.().then(() => { this.enteredFullscreen = true; }, () => {});
    this.show(this.canvas.currentPage());
  }

  /// Stops, the view and the toolbars as they were.
  stop() {
    if (!this.isOn) return;
    document.body.classList.remove('presenting');
    this.indicator.hidden = true;
    this.surround?.remove();
    if (document.fullscreenElement) document.exitFullscreen?.().catch(() => {});
    const { view, reserved, focused } = this.before;
    this.setFocus(focused);
    this.canvas.reservedRight = reserved;
    this.canvas.restoreView(view);
  }

  /// Page `number` (from 1, held to the pages) whole, as large as the view allows, and nothing of
  /// the pages beside it: black around it, as a slideshow.
  show(number) {
    const frames = this.canvas.pageFrames();
    this.page = Math.min(Math.max(number, 1), frames.length);
    const frame = frames[this.page - 1];
    this.canvas.fit(frame, 0);
    const view = this.canvas.view, margin = Math.max(view.width, view.height);
    if (!this.surround) {
      this.surround = document.createElementNS('http://www.w3.org/2000/svg', 'path');
      this.surround.id = 'present-surround';
      this.surround.setAttribute('fill', '#000');
      this.surround.setAttribute('fill-rule', 'evenodd');
    }
    this.surround.setAttribute('d', `M${view.x - margin} ${view.y - margin}h${view.width + 2 * margin}v${view.height + 2 * margin}h${-view.width - 2 * margin}Z`
      + `M${frame.x} ${frame.y}h${frame.width}v${frame.height}h${-frame.width}Z`);
    // Over the pages and what is drawn on them, under the selection, live ink and cursors.
    this.canvas.content.after(this.surround);
    this.indicator.querySelector('[data-present=page]').textContent = `${this.page} / ${frames.length}`;
    this.indicator.querySelector('[data-present=previous]').disabled = this.page <= 1;
    this.indicator.querySelector('[data-present=next]').disabled = this.page >= frames.length;
  }

  step(by) { this.show(this.page + by); }

  /// The keys of a slideshow, while presenting: true when `event` was one of them.
  key(event, { selecting }) {
    if (!this.isOn || event.ctrlKey || event.metaKey || event.altKey) return false;
    const forward = ['PageDown', ' '].includes(event.key) || (!selecting && ['ArrowRight', 'ArrowDown'].includes(event.key));
    const back = event.key === 'PageUp' || (!selecting && ['ArrowLeft', 'ArrowUp', 'Backspace'].includes(event.key));
    if (forward || back) this.step(forward ? 1 : -1);
    else if (event.key === 'Home' || event.key === 'End') this.show(event.key === 'Home' ? 1 : Infinity);
    else if (event.key === 'Escape' && !selecting) this.stop();
    else return false;
    event.preventDefault();
    return true;
  }
}
