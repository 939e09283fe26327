// The signature sheet, as PaperKit's: the library's saved signatures, each a tap from being
// inserted, and a pad to write a new one on. Signatures belong to the library, not a document, and
// are listed, drawn, saved and deleted through /api/signatures; the server makes a pad's samples
// into pen strokes with the same ink as the editor's.
import { run } from './dialog.js';
import { api } from './requests.js';

/// What one signature may hold, as the server counts it.
const MAX_STROKES = 64;
const MAX_SAMPLES = 20000;

/// Opens the sheet. Resolves to `{ insert: id }` for a saved signature to insert, `{ saveSelection:
/// true }` to keep the selected strokes as a signature (offered when `canSaveSelection`), or null.
export function chooseSignature({ canSaveSelection = false } = {}) {
  const dialog = document.createElement('dialog');
  dialog.className = 'dialog signature-sheet';
  dialog.dataset.testid = 'signature-sheet';
  dialog.setAttribute('aria-labelledby', 'signature-title');
  dialog.innerHTML = `
    <h2 id="signature-title">Signatures</h2>
    <p class="signature-note" data-testid="signature-note"></p>
    <div class="signature-list" role="list" data-testid="signature-list"></div>
    <div class="signature-pad-box">
      <canvas class="signature-pad" data-testid="signature-pad" aria-label="Write a new signature here"></canvas>
      <span class="signature-hint" aria-hidden="true">Sign here</span>
    </div>
    <p class="signature-error" role="alert" data-testid="signature-error" hidden></p>
    <div class="dialog-buttons">
      <button type="button" data-testid="signature-save-selection" hidden>Save the selected strokes</button>
      <button type="button" data-testid="signature-clear" disabled>Clear</button>
      <button type="button" data-testid="signature-cancel">Cancel</button>
      <button type="button" class="primary" data-testid="signature-save" disabled>Save and insert</button>
    </div>`;
  const part = (testid) => dialog.querySelector(`[data-testid=${testid}]`);
  const list = part('signature-list'), note = part('signature-note'), error = part('signature-error');
  const save = part('signature-save'), clear = part('signature-clear');
  let result = null;
  const finish = (value) => { result = value; dialog.close('confirm'); };
  const complain = (text) => { error.textContent = text; error.hidden = !text; };

  const pad = new SignaturePad(part('signature-pad'), dialog.querySelector('.signature-hint'), (written) => {
    save.disabled = clear.disabled = !written;
    complain('');
  });
  clear.addEventListener('click', () => pad.clear());
  part('signature-cancel').addEventListener('click', () => finish(null));
  const fromSelection = part('signature-save-selection');
  fromSelection.hidden = !canSaveSelection;
  fromSelection.addEventListener('click', () => finish({ saveSelection: true }));
  save.addEventListener('click', async () => {
    save.disabled = true;
    try {
      finish({ insert: (await api('/api/signatures', { method: 'POST', body: JSON.stringify(pad.written) })).id });
    } catch (problem) {
      // A fetch that never reached the server fails with a TypeError of the browser's wording.
      complain(`Could not save it: ${problem instanceof TypeError ? 'the server did not answer; try again once it is back' : problem.message}.`);
      save.disabled = false;
    }
  });

  async function showSaved() {
    list.replaceChildren();
    let saved = null;
    try {
      saved = await api('/api/signatures');
    } catch { /* the server is away: said below; the pad still works */ }
    for (const { id } of saved ?? []) list.append(savedItem(id));
    note.textContent = saved === null ? 'The saved signatures could not be fetched: the server did not answer.'
      : saved.length ? 'Tap a signature to insert it, or write a new one.'
        : 'No signature saved yet: write yours below. It is kept for every document.';
  }

  /// How long a signature's Delete waits for the press that confirms it.
  const CONFIRM_MS = 4000;

  function savedItem(id) {
    const item = document.createElement('div');
    item.className = 'signature-item';
    item.setAttribute('role', 'listitem');
    const insert = document.createElement('button');
    insert.type = 'button';
    insert.className = 'signature-insert';
    insert.dataset.testid = 'signature-insert';
    insert.setAttribute('aria-label', 'Insert this signature');
    const picture = document.createElement('img');
    picture.src = `/api/signatures/${id}.svg`;
    picture.alt = '';
    insert.append(picture);
    insert.addEventListener('click', () => finish({ insert: id }));
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'signature-delete';
    remove.dataset.testid = 'signature-delete';
    remove.setAttribute('aria-label', 'Delete this signature');
    remove.textContent = '×';
    // A signature deleted is gone for every document, with no undo: the first press asks, the
    // second, within a few seconds, deletes.
    let asking = null;
    remove.addEventListener('click', async () => {
      if (!asking) {
        item.classList.add('confirming');
        remove.textContent = 'Delete';
        asking = setTimeout(() => {
          asking = null;
          item.classList.remove('confirming');
          remove.textContent = '×';
        }, CONFIRM_MS);
        return;
      }
      clearTimeout(asking);
      asking = null;
      item.classList.remove('confirming');
      remove.textContent = '×';
      const response = await fetch(`/api/signatures/${id}`, { method: 'DELETE' }).catch(() => null);
      if (!response?.ok && response?.status !== 404) return complain('Could not delete it: the server did not answer.');
      await showSaved();
    });
    item.append(insert, remove);
    return item;
  }

  const closed = run(dialog, () => result);
  pad.fit();
  showSaved();
  // A phone turned while the sheet is open: the pad's pixels follow its new size.
  const refit = () => pad.fit();
  window.addEventListener('resize', refit);
  closed.then(() => window.removeEventListener('resize', refit));
  return closed;
}

/// The pad a signature is written on: pointer samples kept as the editor's strokes send them, in
/// the pad's pixels, and drawn as they come with a line that follows the pressure.
class SignaturePad {
  constructor(canvas, hint, changed) {
    Object.assign(this, { canvas, hint, changed, strokes: [], pointerType: 'pen', active: null });
    canvas.addEventListener('pointerdown', (event) => this.down(event));
    canvas.addEventListener('pointermove', (event) => this.move(event));
    for (const type of ['pointerup', 'pointercancel']) canvas.addEventListener(type, (event) => this.up(event));
  }

  /// What the server is sent to save.
  get written() { return { strokes: this.strokes, pointerType: this.pointerType }; }

  get sampleCount() { return this.strokes.reduce((sum, stroke) => sum + stroke.length, 0); }

  /// Sizes the pad's pixels to the screen's once it is shown; the pad's box is measured here and as
  /// a stroke starts, not at every sample.
  fit() {
    this.box = this.canvas.getBoundingClientRect();
    const scale = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(this.box.width * scale);
    this.canvas.height = Math.round(this.box.height * scale);
    this.context = this.canvas.getContext('2d');
    this.context.setTransform(scale, 0, 0, scale, 0, 0);
    this.redraw();
  }

  clear() {
    this.strokes = [];
    this.redraw();
    this.changed(false);
  }

  sample(event) {
    const box = this.box;
    const x = Math.min(Math.max(event.clientX - box.left, 0), box.width);
    const y = Math.min(Math.max(event.clientY - box.top, 0), box.height);
    const sample = { x, y, t: event.timeStamp, p: event.pressure };
    if (event.tiltX || event.tiltY) Object.assign(sample, { tx: event.tiltX, ty: event.tiltY });
    return sample;
  }

  down(event) {
    if (event.button !== 0 || this.active !== null || this.strokes.length >= MAX_STROKES) return;
    event.preventDefault();
    this.box = this.canvas.getBoundingClientRect();
    this.canvas.setPointerCapture(event.pointerId);
    this.active = event.pointerId;
    if (!this.strokes.length) this.pointerType = event.pointerType || 'pen';
    this.strokes.push([this.sample(event)]);
    this.hint.hidden = true;
    this.drawLast(1);
  }

  move(event) {
    if (event.pointerId !== this.active) return;
    const stroke = this.strokes[this.strokes.length - 1];
    const events = event.getCoalescedEvents?.() ?? [event];
    let added = 0;
    const room = MAX_SAMPLES - this.sampleCount;
    for (const each of events.length ? events : [event]) {
      if (added >= room) break;
      const sample = this.sample(each);
      // Time never runs backwards within a stroke, even across coalesced and plain events.
      if (sample.t < stroke[stroke.length - 1].t) continue;
      stroke.push(sample);
      added += 1;
    }
    this.drawLast(added);
  }

  up(event) {
    if (event.pointerId !== this.active) return;
    this.active = null;
    this.changed(true);
  }

  /// Draws the newest stroke's last `count` samples.
  drawLast(count) {
    const stroke = this.strokes[this.strokes.length - 1];
    this.drawStroke(stroke, Math.max(0, stroke.length - 1 - count));
  }

  drawStroke(stroke, from = 0) {
    const context = this.context;
    context.strokeStyle = context.fillStyle = '#1c1c1e';
    context.lineCap = context.lineJoin = 'round';
    if (stroke.length === 1) {
      context.beginPath();
      context.arc(stroke[0].x, stroke[0].y, 1.5, 0, Math.PI * 2);
      context.fill();
    }
    for (let index = Math.max(1, from); index < stroke.length; index += 1) {
      const before = stroke[index - 1], sample = stroke[index];
      context.lineWidth = 1 + 3 * (this.pointerType === 'pen' ? sample.p : 0.5);
      context.beginPath();
      context.moveTo(before.x, before.y);
      context.lineTo(sample.x, sample.y);
      context.stroke();
    }
  }

  redraw() {
    this.context.clearRect(0, 0, this.box.width, this.box.height);
    for (const stroke of this.strokes) this.drawStroke(stroke);
    this.hint.hidden = this.strokes.length > 0;
  }
}
