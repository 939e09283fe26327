// The editor page: a view onto the server's MarkupController. Input goes up as pointer samples and
// commands; SVG for what changed comes down. The stroke under the pen is drawn here by the engine's
// own ink compiled to WebAssembly (ink.js), from the same samples the server computes the saved
// stroke from, so drawing never waits for the network. Every edit gets an id and waits in the outbox
// (IndexedDB) until the server acknowledges that id as saved, so edits made while the server cannot
// be reached are kept, shown, and sent when it is back.
import { Canvas } from './canvas.js';
import { Connection } from './connection.js';
import { ContextMenu } from './contextmenu.js';
import { CropEditor, HANDLES as RESIZE_HANDLES } from './crop.js';
import { ask, confirmAction } from './dialog.js';
import { elbowRoute, freeEnd, middleSegmentOf, pinnedEnd, sideEnd } from './elbow.js';
import { FindBar } from './find.js';
import { decorateAll, icon } from './icons.js';
import { Presentation } from './presentation.js';
import { base64, fitsInAMessage, imageForInsertion } from './images.js';
import { InkEngine } from './ink.js';
import { downloadExport, dropTokenFromAddress, request, standInWhenOffline, TITLE_LENGTH } from './requests.js';
import { LaserTrails } from './laser.js';
import { Outbox } from './outbox.js';
import { Presence } from './presence.js';
import { Ruler } from './ruler.js';
import { chooseSignature } from './signatures.js';
import { TextEditor } from './textedit.js';
import { INKS, Toolbar } from './toolbar.js';
import { restoreVersion } from './versions.js';

const PROTOCOL_VERSION = 2;
const documentID = location.pathname.split('/').filter(Boolean)[1];
const $ = (id) => document.getElementById(id);
decorateAll(document);
const canvas = new Canvas($('canvas'));
const ruler = new Ruler($('canvas'), canvas);
const findBar = new FindBar($('find-bar'), canvas, (message) => send(message));
// The page follows the system's appearance; the server draws its elements to match.
const darkScheme = matchMedia('(prefers-color-scheme: dark)');
canvas.setAppearance(darkScheme.matches);
darkScheme.addEventListener('change', () => {
  canvas.setAppearance(darkScheme.matches);
  // The elements are drawn again by the server; without it they stay as they are until the page
  // connects again, in the new appearance, and is sent them anew.
  if (connection.isReady && connection.send({ type: 'appearance', dark: darkScheme.matches })) {
    canvas.clearElements();
    sendView();
  }
  // The strip's pictures are drawn in the page's appearance too.
  if (!$('page-strip').hidden) renderPageStrip(false);
});
const lasers = new LaserTrails($('lasers'));
const contextMenu = new ContextMenu($('context-menu'));
const presence = new Presence($('presence'), $('cursors'), canvas, (message) => connection.send(message), lasers, (peer) => follow(peer));
const textEditor = new TextEditor($('canvas'), canvas, textDone);
const cropEditor = new CropEditor(canvas, canvas.selectionLayer,
  (id, rect) => sendEdit({ type: 'selection', action: 'crop', ids: [id], rect }));
const state = { editable: true, readOnly: null, penOnly: false, selection: null, canUndo: false, canRedo: false, failure: null,
  paper: null };
/// Grid mode (tldraw's and Excalidraw's Ctrl+'): shapes drawn, moved and resized, and lines' ends,
/// snap to the paper's squares, dots or lines, or on plain paper to dots 5 mm apart, shown while it
/// is on.
let gridMode = localStorage.getItem('markupkit.grid') === 'on';
// The outbox and the ink module load together, before the page connects. Without the module (a
// build that left it out), strokes show as the server's outline instead.
const [outbox, ink] = await Promise.all([Outbox.open(documentID), InkEngine.load('/static/markupink.wasm').catch(() => null)]);
outbox.onLost = () => {
  toast('This browser stopped keeping edits (its storage may be full): those not yet saved are in this tab only.');
  renderSaveState();
};
dropTokenFromAddress();
standInWhenOffline();
for (const entry of outbox.pending) showPendingStroke(entry);

// ---- Connection, the outbox and the saved indicator

// While the page's own ink draws a stroke, what changes the document waits until the pen lifts:
// another stroke's SVG or an ack handled mid-stroke can take the frame the ink under the pen needs.
// Peers' live ink, cursors and presence still come at once.
const HELD_WHILE_DRAWING = new Set(['change', 'elements', 'ack', 'history', 'refused', 'selection']);
const heldWhileDrawing = [];
function receiveOrHold(message) {
  if (stroke && stroke.handle !== null && HELD_WHILE_DRAWING.has(message.type) && heldWhileDrawing.length < 1000) {
    heldWhileDrawing.push(message);
    return;
  }
  releaseHeld();
  receive(message);
}
function releaseHeld() {
  for (const message of heldWhileDrawing.splice(0)) receive(message);
}

const connection = new Connection(documentID, receiveOrHold, (status) => {
  if (status === 'open') {
    const tool = toolbar.message();
    if (tool) connection.send(tool);
    presence.introduce();
    // The server forgets whom a page followed when it went away.
    if (presence.following) connection.send({ type: 'follow', peer: presence.following });
    // Edits kept from before the page was switched to View are resent editable: the mode is for what comes next.
    sendMode(outbox.size > 0);
    if (canvas.dark) connection.send({ type: 'appearance', dark: true });
  }
  renderSaveState();
  renderDeletedBar();
  // The bar says in full what the server's word of the deletion said.
  if (connection.isDeleted) $('toast').hidden = true;
  updateHistory({});
}, ink !== null, () => canvas.dark);

// Deleted meanwhile (here or elsewhere), the document is said to be so in a bar that restores it;
// what is drawn meanwhile is kept here and saved once it is back.
$('restore-deleted').addEventListener('click', async (event) => {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    if (connection.isPurged) return await keepAsNewDocument();
    await request(`/api/deleted/${encodeURIComponent(documentID)}/restore`, { method: 'POST' });
    connection.reopenNow();
  } catch (error) {
    toast(`Could not restore it: ${error.message}`);
  } finally {
    button.disabled = false;
  }
});

/// The bar of a document deleted meanwhile: in recently deleted, to restore; deleted for good, what
/// this page kept of it (drawn and not saved) to keep as a new document.
function renderDeletedBar() {
  $('deleted-bar').hidden = !connection.isDeleted;
  if (!connection.isDeleted) return;
  $('deleted-text').textContent = connection.isPurged
    ? `This document was deleted for good: what this page shows of it is all that is left, in this tab only. ${outbox.size
      ? `What was drawn here and not saved (${outbox.size} edit${outbox.size === 1 ? '' : 's'}) can be kept as a new document.` : ''}`
    : "This document was deleted: it is in the library's Recently deleted. What you draw here is kept, and saved if it is restored.";
  $('restore-deleted').textContent = connection.isPurged ? 'Keep as a new document' : 'Restore';
  $('restore-deleted').hidden = connection.isPurged && !outbox.size;
}

/// What this page kept of a document deleted for good (its edits not saved) goes to a new document,
/// which opens and is sent them.
let keeping = false;
async function keepAsNewDocument() {
  // Nothing made unless the edits can go with it, and made once.
  if (keeping) return;
  if (!outbox.size) return toast('Nothing drawn here waits to be saved.');
  if (!outbox.kept) return toast('This browser cannot keep the edits for another page: export the page instead.');
  keeping = true;
  let id = null;
  try {
    const title = `${$('title').textContent || 'Untitled'} (kept)`.slice(0, 200);
    const made = await request('/api/documents', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title }) });
    ({ id } = await made.json());
    await outbox.moveTo(id);
  } catch (error) {
    keeping = false;
    if (id) await fetch(`/api/documents/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => {});
    throw error;
  }
  location.href = `/edit/${encodeURIComponent(id)}`;
}

function setSaveState(text, kind) {
  const label = $('save-state');
  label.textContent = text;
  label.dataset.state = kind;
}

/// "Saved" only when the server has acknowledged every edit this page made.
function renderSaveState() {
  const kept = outbox.size;
  const edits = `${kept} edit${kept === 1 ? '' : 's'}`;
  if (state.failure) setSaveState(`Not saved: ${state.failure}`, 'failed');
  else if (connection.needsToken) {
    const held = !kept ? '' : outbox.kept ? ` (${edits} kept here)` : ` in another tab (${edits} in this tab only)`;
    setSaveState(`Locked out: the server's access token has changed; open the address it printed${held}`, 'failed');
  }
  else if (connection.isDeleted) {
    setSaveState(`Deleted${kept ? ` — ${edits} kept here` : ''}`, 'failed');
    renderDeletedBar();
  }
  else if (!connection.isOpen) setSaveState(!kept ? 'Offline — reconnecting…' : outbox.kept ? `Offline — ${edits} kept here` : `Offline — ${edits} in this tab only`, 'offline');
  else if (kept && state.readOnly) setSaveState(`Read-only — ${edits} kept here, not saved`, 'failed');
  else if (kept) setSaveState(`Saving ${edits}…`, 'saving');
  else if (state.readOnly) setSaveState('Read-only', 'readonly');
  else setSaveState('Saved', 'saved');
}

/// How many pointer messages this page has sent: for tests of what it streams.
let pointerMessagesSent = 0;

/// Sends a message that changes nothing in the document (view, tool, live pointer samples).
function send(message) {
  if (message.type === 'pointer') pointerMessagesSent += 1;
  return connection.send(message);
}

/// Sends an edit under a new id, keeping it in the outbox until the server acknowledges it.
function sendEdit(message, preview = null) {
  if (!fitsInAMessage(message)) {
    toast('That is too large to send to the server.');
    return null;
  }
  const op = outbox.add(message, preview);
  // Not before the document has come: the edits kept from before are sent first, then this one.
  if (!connection.isReady || !connection.send({ ...message, op })) unsent.add(op);
  if (message.type !== 'undo' && message.type !== 'redo') unsentUndone.length = 0;
  renderSaveState();
  updateHistory({});
  return op;
}

/// The edits this page made while offline, which the server has never seen, and the strokes among
/// them taken back here (newest last), for Redo.
const unsent = new Set();
const unsentUndone = [];

/// Undo (or redo) as the toolbar, the keys, the menu and a two-finger tap ask. Offline, a stroke
/// drawn since the link went is taken back (or put back) here, since the server never saw it;
/// anything else waits for the server, which the page says instead of queueing a step whose effect
/// would show only later. False when nothing was done.
function undoOrRedo(redo) {
  if (!state.editable) return false;
  // Not before the document has come: the edits kept here are sent again first.
  if (connection.isReady) {
    sendEdit({ type: redo ? 'redo' : 'undo' });
    return true;
  }
  if (redo ? redoUnsentStroke() : undoUnsentStroke()) return true;
  toast(`${redo ? 'Redo' : 'Undo'} needs the server for what was saved before it went; ink drawn now is kept and saved when it is back.`);
  return false;
}

function lastUnsentStroke() {
  const last = outbox.pending.at(-1);
  return last && unsent.has(last.op) && last.message.type === 'stroke' ? last : null;
}

function undoUnsentStroke() {
  const last = lastUnsentStroke();
  if (!last) return false;
  const { op, ...message } = last.message;
  unsent.delete(op);
  settled(op);
  unsentUndone.push({ message, preview: last.preview });
  updateHistory({});
  return true;
}

function redoUnsentStroke() {
  const undone = unsentUndone.pop();
  if (!undone) return false;
  const op = outbox.add(undone.message, undone.preview);
  unsent.add(op);
  showPendingStroke(outbox.entries.get(op));
  renderSaveState();
  updateHistory({});
  return true;
}

/// After a (re)connection's hello: everything not yet acknowledged, in order.
function resendOutbox() {
  unsent.clear();
  unsentUndone.length = 0;
  updateHistory({});
  for (const entry of outbox.pending) {
    // An edit kept before sizes were checked, which the server would refuse each time.
    if (!fitsInAMessage(entry.message)) {
      settled(entry.op);
      toast('An edit too large to send was dropped.');
      continue;
    }
    connection.send(entry.message);
  }
}

/// A kept stroke (after a reload): drawn with its real ink from its samples, or as a plain line.
function showPendingStroke(entry) {
  const message = entry.message;
  if (ink && message?.type === 'stroke') {
    let handle = null;
    try {
      const begun = ink.begin(message.tool, message.width, message.pointerType, message.view, message.samples, message.pressure);
      handle = begun.handle;
      const style = inkStyle(message, begun.grains);
      canvas.updateInk(entry.op, begun.update, style);
      canvas.updateInk(entry.op, ink.append(handle, [], true), style);
      return;
    } catch {
      canvas.removePending(entry.op); // drawn as a line below
    } finally {
      if (handle !== null) ink.end(handle);
    }
  }
  if (entry.preview) canvas.showPending(entry.op, entry.preview.points, entry.preview.color, entry.preview.width);
}

/// How a stroke of `settings` is painted: its color, each layer's opacity times the ink's, and each
/// layer's `grains` (ink.js).
function inkStyle(settings, grains) {
  const opacity = settings.opacity ?? 1;
  return { color: settings.color || '#000000', opacities: ink.layerOpacities(settings.tool).map((layer) => layer * opacity), grains };
}

function settled(op) {
  outbox.settle(op);
  canvas.removePending(op);
  settleSpace(op);
  renderSaveState();
}

// Back to the library: text being typed is kept, and the edits not yet saved are waited for (a few
// seconds at most; past that the browser asks, as for any page leaving with edits unsaved).
document.querySelector('a.back').addEventListener('click', (event) => {
  // A click meant for another tab or window is the browser's.
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  if (textEditor.isOpen) textEditor.close(true);
  if (!outbox.size || !connection.isOpen) return;
  event.preventDefault();
  const href = event.currentTarget.href, deadline = performance.now() + 3000;
  const leaveOnceSaved = () => {
    if (outbox.size && performance.now() < deadline) setTimeout(leaveOnceSaved, 50);
    else location.href = href;
  };
  leaveOnceSaved();
});

window.addEventListener('beforeunload', (event) => {
  // Text being typed is kept (and waits in the outbox like any edit).
  if (textEditor.isOpen) textEditor.close(true);
  if (!outbox.size) return;
  event.preventDefault();
  event.returnValue = '';
});

function toast(text) {
  const box = $('toast');
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

/// The journal position of the first view drawn from a `preview`, until the hello that follows.
let previewSequence = null;
let greeted = false;

/// Notes when strokes are first on screen: what a benchmark times.
function noteFirstRender() {
  if (window.markupkit.firstRenderMs === undefined) {
    requestAnimationFrame(() => requestAnimationFrame(() => { window.markupkit.firstRenderMs = performance.now(); }));
  }
}

/// Shows the background's pages (`sources`: which page of the PDF each shows, −1 for a blank one):
/// the URL of each page's picture names the page of the PDF it shows and its size, so a page put
/// in, moved or taken out never shows, from the browser's cache, the picture another page had there.
function showPages(pages, sources) {
  stripPictures.sources = sources ?? [];
  const blank = (sources ?? []).flatMap((source, index) => (source === -1 ? [index] : []));
  canvas.setPages(pages, (number, scale) => {
    const { width, height } = pages[number - 1];
    return `/api/documents/${documentID}/pages/${number}.png?scale=${scale}&v=${sources?.[number - 1] ?? 0}-${width}x${height}`;
  }, blank);
}

function showDocument(info, pages, sources) {
  showPaper(info.paper);
  // Over a PDF's or an image's pages the document shows them, not paper: the menu works on the pages.
  labelPaperMenu((pages || []).length > 0);
  // The text highlighter marks a PDF's text; over anything else there is none.
  $('tools').querySelector('[data-tool=textHighlight]').hidden = !info.pdf;
  if (!info.pdf && toolbar.state.tool === 'textHighlight') toolbar.choose('pen');
  $('title').textContent = info.title;
  document.title = `${info.title} — MarkupKit`;
  if (asksTitle) {
    asksTitle = false;
    rename();
  }
  showPages(pages, sources);
  renderPageStrip(true);
  if (info.pdf) showContents(); else $('contents-chooser').hidden = true;
}

/// Whether the Contents menu holds the PDF's contents: a document's PDF does not change, so they are
/// read once (again after a failed read), not at every preview and hello.
let contentsRead = false;

/// The PDF's contents (its outline) in the Contents menu, each entry going to its page, indented by
/// its depth; the menu shows only when the PDF has them.
async function showContents() {
  if (contentsRead) return;
  contentsRead = true;
  let entries = [];
  try {
    const response = await fetch(`/api/documents/${documentID}/outline`);
    if (!response.ok) throw new Error(`${response.status}`);
    entries = await response.json();
  } catch {
    contentsRead = false; // without the server, no contents for now: read at the next hello
  }
  const items = entries.filter((entry) => entry.page).map(({ title, page, depth }, index) => {
    const item = document.createElement('button');
    item.setAttribute('role', 'menuitem');
    item.textContent = title || `Page ${page}`;
    item.title = `Page ${page}`;
    item.dataset.testid = `contents-${index + 1}`;
    item.style.paddingLeft = `${10 + 14 * Math.min(depth, 6)}px`;
    item.addEventListener('click', () => {
      toggleMenu('contents-items', false);
      canvas.goToPage(page);
    });
    return item;
  });
  $('contents-items').replaceChildren(...items);
  $('contents-chooser').hidden = items.length === 0;
}
$('contents-button').addEventListener('click', () => toggleMenu('contents-items'));

function receive(message) {
  switch (message.type) {
    case 'presence':
    case 'peer':
    case 'peerLeft':
    case 'cursor':
      presence.receive(message);
      if (presence.following && !presence.peers.has(presence.following)) follow(null);
      break;
    case 'peerView':
      if (message.id === presence.following) showFollowedView(message.view);
      break;
    case 'hello':
      if (message.protocolVersion !== PROTOCOL_VERSION) {
        state.failure = 'this page is older than the server; reload it';
        renderSaveState();
        return;
      }
      // When the whole document can be edited, viewed anywhere and undone: what a benchmark times.
      if (window.markupkit.helloMs === undefined) window.markupkit.helloMs = performance.now();
      // A first view drawn from a preview of the same journal position stays until the view's
      // elements replace it; any other is cleared.
      canvas.reset(message.document, previewSequence === message.sequence ? null : [], message.zoomRange);
      showKeptView();
      previewSequence = null;
      greeted = true;
      showDocument(message.document, message.pages, message.pageSources);
      sendView();
      state.readOnly = message.readOnly || null;
      if (state.readOnly) { state.editable = false; toast(`Read-only: ${state.readOnly}`); }
      updateHistory(message);
      renderMode();
      // A document open read-only (a newer MarkupKit's, on an older server) would refuse them: kept
      // here until a server can take them.
      if (!state.readOnly) resendOutbox();
      if (!state.editable && !state.readOnly) sendMode();
      renderSaveState();
      findBar.resume();
      break;
    case 'change': {
      const strip = !$('page-strip').hidden;
      if (strip) stripPictures.leaving(message);
      canvas.applyChange(message);
      if (strip) stripPictures.arriving(message);
      textChangedElsewhere(message);
      // Another page's change to the picture being cropped (or its removal) ends the crop.
      if (cropEditor.isOpen && [...(message.updated ?? []), ...(message.removed ?? [])].some((entry) => (entry.id ?? entry) === cropEditor.state.id)) endCrop(false);
      if (message.paper) showPaper(message.paper.ruling === 'plain' ? null : message.paper);
      if (message.pages) showPages(message.pages, message.pageSources);
      if (message.bounds || message.pages) {
        if (message.bounds) canvas.setBounds(message.bounds, undefined, message.sheetHeight);
        placeAddSheet();
        renderPageStrip(false);
      }
      updateHistory(message);
      if (message.saved === false) { state.failure = 'the server could not save a change'; renderSaveState(); }
      break;
    }
    case 'preview':
      // The document's first view as saved, while the server reads the document: shown, not editable
      // until the hello. A page that has had its hello already has better.
      if (greeted) break;
      canvas.reset(message.document, message.elements, message.zoomRange);
      showKeptView();
      previewSequence = message.sequence;
      showDocument(message.document, message.pages, message.pageSources);
      if (window.markupkit.previewMs === undefined) window.markupkit.previewMs = performance.now();
      noteFirstRender();
      break;
    case 'elements':
      for (const element of message.elements || []) canvas.upsert(element);
      noteFirstRender();
      break;
    case 'liveBegin': canvas.clearLive(message.stream); break;
    case 'live': canvas.updateLive(message.layers, message.stream); break;
    case 'liveEnd': canvas.clearLive(message.stream); break;
    case 'selection': {
      const { color, width, opacity, fill, dash, startMarker, endMarker, elbow, sketchy, font, fontSize, bold, italic, align, texts, magnification, loupes } = message;
      const shapes = sketchy != null || message.ids.some((id) => canvas.elements.get(id)?.node.dataset.kind === 'shape');
      // The selected text's style, in the text options' own terms (what every selected text shares).
      const textStyle = texts ? Object.fromEntries(Object.entries({ family: font, size: fontSize, bold, italic, alignment: align })
        .filter(([, value]) => value != null)) : null;
      const style = { color, width, opacity, fill, dash, startMarker, endMarker, elbow, sketchy, shapes, textStyle, magnification, loupes };
      state.selection = message.ids.length ? { ids: message.ids, bounds: message.bounds, style } : null;
      toolbar.showStyle(state.selection ? style : null);
      renderSelection();
      contextMenuHeardSelection();
      break;
    }
    case 'ack':
      if (message.op) {
        settled(message.op);
        labelNewNote(message.op);
      }
      break;
    case 'history':
      updateHistory(message);
      break;
    case 'refused':
      settled(message.op);
      toast(message.message);
      break;
    case 'notice':
      toast(message.message);
      break;
    case 'textBoxes':
      showTextBoxes(message.boxes);
      break;
    case 'foundText':
      findBar.receive(message);
      break;
    case 'title':
      $('title').textContent = message.title;
      document.title = `${message.title} — MarkupKit`;
      break;
    case 'error':
      toast(message.message);
      break;
    default: break;
  }
}

/// The page strip's pictures of the pages, drawn by the server with their ink: a change to what lies
/// on a page draws its picture again, a moment after the last change (a stroke at a time would ask
/// for a picture a stroke). Where a change's elements left is measured before it is drawn, where
/// they went only then, so drawing a stroke measures nothing. `drawn` counts each page's drawings,
/// `layout` the strip's.
const stripPictures = {
  drawn: [], layout: 0, due: new Set(), arrived: new Set(), timer: 0, shown: '', sources: [],
  url(index) {
    const dark = canvas.dark ? '&dark=1' : '';
    return `/api/documents/${documentID}/export.png?page=${index + 1}&scale=0.25${dark}&v=${this.layout}-${this.drawn[index] ?? 0}`;
  },
  /// The strip drawn for `frames`: when the pages moved (or a PDF's pages changed places, `sources`,
  /// or the page turned dark or light), every picture is asked for again; the same pages drawn
  /// again (the first view, then the document) keep theirs.
  relaid(frames) {
    const key = JSON.stringify([frames, this.sources, canvas.dark]);
    if (key === this.shown) return;
    this.shown = key;
    this.layout += 1;
    this.drawn = [];
    this.due.clear();
  },
  /// Before `message` is drawn: the pages its moved and removed elements lie on (those this page
  /// holds). Only where an element was when the pictures were last drawn matters: one already
  /// changed since is measured then, once, however many changes follow.
  leaving(message) {
    const ids = [...(message.removed ?? []), ...(message.updated ?? []).map((entry) => entry.id)].filter((id) => !this.arrived.has(id));
    if (ids.length) this.mark(framesOfElements(ids));
  },
  /// After: its added and moved elements, measured once the pictures are due.
  arriving(message) {
    for (const entry of [...(message.added ?? []), ...(message.updated ?? [])]) this.arrived.add(entry.id);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.redraw(), 1200);
  },
  /// The pages `frames` (document points) lie on are due; every page for null (too much to measure).
  mark(frames) {
    canvas.pageFrames().forEach((page, index) => {
      if (frames === null || frames.some((frame) => intersects(frame, page))) this.due.add(index);
    });
  },
  redraw() {
    this.mark(framesOfElements([...this.arrived]));
    this.arrived.clear();
    const strip = $('page-strip');
    for (const index of this.due) {
      this.drawn[index] = (this.drawn[index] ?? 0) + 1;
      const picture = strip.children[index]?.querySelector('.page-thumbnail');
      if (picture) picture.src = this.url(index);
    }
    this.due.clear();
  },
};

/// Whether two rectangles ({x, y, width, height}) overlap.
function intersects(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/// Where the elements `ids` lie on the page (those this page holds), in document points; null for
/// more than a strip's pictures are worth measuring.
function framesOfElements(ids) {
  if (ids.length > 200) return null;
  return ids.flatMap((id) => {
    const node = canvas.elements.get(id)?.node;
    return node ? [boxOf(node)] : [];
  });
}

/// A button a page (a background's, or a sheet of a long page) to jump to, when there are several;
/// the view is fitted again to leave room for the strip when `refitting` (a document opening, not a
/// sheet added where the person is writing).
function renderPageStrip(refitting) {
  const strip = $('page-strip'), pages = canvas.pageFrames();
  stripPictures.relaid(pages);
  strip.hidden = pages.length < 2;
  placePageStrip();
  strip.replaceChildren(...pages.map((frame, index) => {
    const button = document.createElement('button');
    // Each page (a PDF's or a picture's, a blank page between them, or a sheet of a notebook) shows
    // a small picture of itself with what is drawn on it.
    const picture = document.createElement('img');
    picture.className = 'page-thumbnail';
    picture.style.aspectRatio = `${frame.width} / ${frame.height}`;
    Object.assign(picture, { alt: '', loading: 'lazy', src: stripPictures.url(index) });
    button.append(picture);
    const number = document.createElement('span');
    number.textContent = index + 1;
    button.append(number);
    button.title = `Page ${index + 1}`;
    button.dataset.testid = `page-${index + 1}`;
    button.addEventListener('click', () => canvas.goToPage(index + 1));
    return button;
  }));
  // The strip floats over the canvas's right edge: fitting the page leaves room for it, as wide as
  // its buttons make it.
  const reserved = strip.hidden ? 0 : strip.getBoundingClientRect().width + 16;
  if (reserved !== canvas.reservedRight) {
    canvas.reservedRight = reserved;
    if (refitting) canvas.fitWidth();
  }
  markCurrentPage();
}

/// The top bar keeps to one line where it can: when its buttons' names would wrap it, they show
/// their icons alone (as below 900 px), each keeping its name for assistive technology.
function fitTopbar() {
  const bar = document.querySelector('.topbar');
  bar.classList.remove('compact');
  // On one line every item's top is above every item's bottom (they are centred on it).
  const boxes = [...bar.children].filter((item) => item.offsetParent && !item.classList.contains('spacer')).map((item) => item.getBoundingClientRect());
  const wraps = boxes.length && Math.max(...boxes.map((box) => box.top)) >= Math.min(...boxes.map((box) => box.bottom));
  if (wraps) bar.classList.add('compact');
}
{
  let due = false;
  const refit = () => {
    if (due) return;
    due = true;
    requestAnimationFrame(() => { due = false; fitTopbar(); });
  };
  addEventListener('resize', refit);
  // The title, who is here and the buttons a document shows (a PDF's Contents) change its width.
  new MutationObserver(refit).observe(document.querySelector('.topbar'), { subtree: true, childList: true, characterData: true, attributeFilter: ['hidden'] });
  refit();
}

/// The page strip hangs from the canvas's top edge, below however many rows the toolbar takes.
function placePageStrip() {
  $('page-strip').style.top = `${Math.round(host.getBoundingClientRect().top) + 8}px`;
}

/// The page strip marks the page at the top of the view.
function markCurrentPage() {
  const strip = $('page-strip');
  if (strip.hidden) return;
  const current = strip.children[canvas.currentPage() - 1], marked = strip.querySelector('[aria-current]');
  if (current === marked) return;
  marked?.removeAttribute('aria-current');
  current?.setAttribute('aria-current', 'page');
  // The strip scrolls to keep the page marked in sight (Page Down, End, a scroll through a long PDF).
  current?.scrollIntoView({ block: 'nearest' });
}

function updateHistory(message) {
  if (message.canUndo !== undefined) state.canUndo = message.canUndo;
  if (message.canRedo !== undefined) state.canRedo = message.canRedo;
  // Offline, only a stroke drawn since the link went can be taken back and put back (here).
  const online = connection.isReady;
  $('undo').disabled = !(online ? state.canUndo : lastUnsentStroke()) || !state.editable;
  $('redo').disabled = !(online ? state.canRedo : unsentUndone.length) || !state.editable;
}

// ---- Tools, mode and commands

// A tool the server works (inks, erasers, lasso, select) is sent to it; shapes and text are the page's.
let toolChosen = null;
const toolbar = new Toolbar($('tools'), (message) => {
  if (message) connection.send(message);
  // Another tool chosen while typing keeps the text, so the tool works from its first press.
  if (textEditor.isOpen && toolChosen !== null && toolbar.state.tool !== toolChosen) textEditor.close(true);
  toolChosen = toolbar.state.tool;
  showToolCursor();
});
toolChosen = toolbar.state.tool;

// The text options restyle the text being typed (kept with it when it closes), or else the text
// selected: its font, size, weight, slant and alignment. Whether either took the change.
toolbar.onTextOption = (changes) => {
  if (textEditor.isOpen) return textEditor.restyle(changes), true;
  if (!toolbar.shownStyle?.textStyle || !state.selection?.ids.length || !state.editable) return false;
  const { family, size, bold, italic, alignment } = changes;
  sendEdit({ type: 'selection', action: 'restyleText', ids: state.selection.ids, ...(family && { font: family }), ...(size && { size }),
    ...(bold != null && { bold }), ...(italic != null && { italic }), ...(alignment && { align: alignment }) });
  return true;
};

// Picking a color with something selected restyles the selection too, as in tldraw.
$('palette').addEventListener('click', (event) => {
  const color = event.target.closest('[data-color]')?.dataset.color;
  if (color && state.selection?.ids.length && state.editable) sendEdit({ type: 'selection', action: 'recolor', color, ids: state.selection.ids });
});

/// An insertion of `kind`'s `fill` and `dash` members (none when the shape is left empty and its
/// outline whole, and for what is not a shape), an arrow's markers at its ends, `elbow` for an
/// elbow line or arrow, and `sketchy` for a shape drawn by hand.
const shapeStyle = (kind, { fill, dash, startMarker, endMarker, elbow, sketchy }) => ({ ...(fill && fill !== 'none' && { fill }), ...(dash && dash !== 'solid' && { dash }),
  ...(kind === 'arrow' && { startMarker, endMarker }), ...((kind === 'line' || kind === 'arrow') && elbow && { elbow: true }),
  ...(sketchy && { sketchy: true }) });

// Choosing a fill, an outline, an arrow's end or a line's path with something selected restyles
// its shapes (and lines); with nothing selected, the next shapes are drawn so.
for (const [id, key, value = (text) => text] of [['shape-fill', 'fill'], ['shape-dash', 'dash'], ['line-start', 'startMarker'], ['line-end', 'endMarker'],
  ['line-route', 'elbow', (text) => text === 'elbow'], ['shape-look', 'sketchy', (text) => text === 'sketchy']]) {
  $(id).addEventListener('change', (event) => {
    if (state.selection?.ids.length && state.editable) sendEdit({ type: 'selection', action: 'restyle', [key]: value(event.target.value), ids: state.selection.ids });
    else toolbar.choose('shape');
  });
}

// Letting go of the width or opacity slider with something selected restyles it too.
for (const [id, key] of [['width', 'width'], ['opacity', 'opacity']]) {
  $(id).addEventListener('change', (event) => {
    if (!state.selection?.ids.length || !state.editable || toolbar.state.tool === 'eraser') return;
    sendEdit({ type: 'selection', action: 'restyle', [key]: Number(event.target.value), ids: state.selection.ids });
  });
}

// The selected loupes' magnification, shown as the slider moves and set when it is let go.
$('magnification').addEventListener('input', (event) => { $('magnification-value').textContent = `${event.target.value}×`; });
$('magnification').addEventListener('change', (event) => {
  if (!state.selection?.ids.length || !state.editable) return;
  sendEdit({ type: 'selection', action: 'magnify', magnification: Number(event.target.value), ids: state.selection.ids });
});

/// The pointer over the canvas for the tool: a hand (grabbing while it drags) for the hand, and for
/// the eraser a circle as wide as what it erases at this zoom.
function showToolCursor() {
  const { tool, eraserWidth } = toolbar.state;
  host.classList.toggle('hand', tool === 'hand');
  host.classList.toggle('text-select', tool === 'textHighlight');
  host.classList.toggle('space', tool === 'space');
  if (tool !== 'eraser') return host.style.removeProperty('cursor');
  const size = Math.max(6, Math.min(Math.round(eraserWidth * canvas.zoom), 120));
  const half = size / 2 + 1;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size + 2}" height="${size + 2}"><circle cx="${half}" cy="${half}" r="${size / 2}" fill="rgba(255,255,255,.35)" stroke="#1c1c1e" stroke-width="1"/></svg>`;
  host.style.cursor = `url("data:image/svg+xml,${encodeURIComponent(svg)}") ${half} ${half}, crosshair`;
}

/// Tells the server the page's mode; `resending`: edits kept from before are still to be sent, editable.
function sendMode(resending = false) { connection.send({ type: 'mode', editable: state.editable || resending, penOnly: state.penOnly }); }

function renderMode() {
  $('mode').innerHTML = icon(state.editable ? 'edit' : 'view') + `<span class="label">${state.editable ? 'Edit' : 'View'}</span>`;
  $('mode').classList.toggle('viewing', !state.editable);
  // The button shows the mode the page is in; its title says what a click does.
  $('mode').title = state.editable ? 'Editing: click to only view (nothing can be changed by mistake)' : 'Viewing: click to edit';
  document.body.classList.toggle('viewing', !state.editable);
  for (const id of ['clear', 'insert', 'arrange', 'paper-button', 'ruler-toggle']) $(id).disabled = !state.editable;
  if (!state.editable) showRuler(false);
  updateHistory({});
  renderSelection();
  placeAddSheet();
}

$('mode').addEventListener('click', () => {
  if (state.readOnly) return toast(`Read-only: ${state.readOnly}`);
  // Text being typed is kept, while the page may still change the document.
  if (textEditor.isOpen) textEditor.close(true);
  state.editable = !state.editable;
  sendMode();
  renderMode();
});
/// Lays the ruler on the page or takes it off (U, or its button).
function showRuler(show) {
  ruler.toggle(show);
  $('ruler-toggle').setAttribute('aria-pressed', String(ruler.shown));
}
$('ruler-toggle').addEventListener('click', () => showRuler(!ruler.shown));
// Pen only stays as it was chosen, across documents and reloads: a stylus's user sets it once. Until
// it is chosen, the first pen on the page turns it on (`penSeen`).
const PEN_ONLY_KEY = 'markupkit-pen-only';
let penOnlyChosen = false;
try {
  const kept = localStorage.getItem(PEN_ONLY_KEY);
  state.penOnly = kept === '1';
  penOnlyChosen = kept !== null;
} catch { /* storage refused: off */ }
$('pen-only').checked = state.penOnly;
function setPenOnly(on) {
  state.penOnly = on;
  penOnlyChosen = true;
  $('pen-only').checked = on;
  try { localStorage.setItem(PEN_ONLY_KEY, on ? '1' : '0'); } catch { /* kept for this page alone */ }
  sendMode();
}
$('pen-only').addEventListener('change', (event) => setPenOnly(event.target.checked));
/// A pen on the page turns Pen only on, as PencilKit does once a pencil is used, unless it was
/// chosen by hand: from then on fingers scroll and zoom, and a palm resting on the page draws nothing.
function penSeen() {
  if (state.penOnly || penOnlyChosen) return;
  setPenOnly(true);
  toast('A pen is drawing here: fingers now scroll and zoom. Untick Pen only to draw with a finger too.');
}
$('undo').addEventListener('click', () => undoOrRedo(false));
$('redo').addEventListener('click', () => undoOrRedo(true));
// Of a document of several pages (a PDF's, or sheets), the page in view is cleared.
$('clear').addEventListener('click', async () => {
  const frames = canvas.pageFrames(), number = canvas.currentPage(), page = frames.length > 1 ? frames[number - 1] : null;
  const locked = canvas.content.querySelector(':scope > g[data-locked]') !== null;
  const what = page ? `Everything on page ${number} of ${frames.length}` : 'Everything on it';
  const message = `${what}${locked ? ' but what is locked' : ''} goes; you can undo it.`;
  if (await confirmAction({ title: page ? `Clear page ${number}?` : 'Clear the page?', message, confirmLabel: 'Clear', danger: true })) {
    sendEdit({ type: 'clear', ...(page && { page: { x: page.x, y: page.y, width: page.width, height: page.height } }) });
  }
});

async function rename() {
  const title = await ask({ title: 'Rename', label: 'Title', value: $('title').textContent, confirmLabel: 'Rename', maxLength: TITLE_LENGTH });
  if (!title || title === $('title').textContent) return;
  try {
    await request(`/api/documents/${documentID}`, { method: 'PATCH', body: JSON.stringify({ title }) });
  } catch (error) {
    toast(`The document could not be renamed: ${error.message}.`);
  }
}
$('title').addEventListener('click', rename);
// Renamed from the keyboard too: the title takes the focus, and Enter or Space renames.
$('title').tabIndex = 0;
$('title').addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  rename();
});
// A document just made (?new in its address) asks for its title first, once its title is known
// (`showDocument`): the field starts from it, not from the placeholder the page has before.
let asksTitle = new URLSearchParams(location.search).has('new');
if (asksTitle) history.replaceState(null, '', location.pathname);

// The Insert, Arrange, Paper and Export menus: one open at a time, closed by a choice (a download
// too), a click anywhere else, or Escape.
const MENUS = ['insert-items', 'arrange-items', 'paper-items', 'export-items', 'contents-items'];
// Each menu's button says whether its menu is open, to screen readers as to styles.
for (const id of MENUS) {
  const menu = $(id), button = menu.parentElement.querySelector(':scope > button');
  if (!button) continue;
  const mark = () => button.setAttribute('aria-expanded', String(!menu.hidden));
  mark();
  new MutationObserver(mark).observe(menu, { attributes: true, attributeFilter: ['hidden'] });
}
function toggleMenu(menu, open) {
  const opening = open === undefined ? $(menu).hidden : open;
  for (const other of MENUS) $(other).hidden = other === menu ? !opening : true;
  if (opening) keepInWindow($(menu));
}

/// A menu just opened below its button kept inside the window: moved in from an edge it would
/// cross, and scrolled within when taller than the room below it (a phone's window).
function keepInWindow(menu) {
  menu.style.maxHeight = '';
  menu.style.translate = '';
  const box = menu.getBoundingClientRect(), margin = 8;
  const shift = box.left < margin ? margin - box.left : box.right > innerWidth - margin ? innerWidth - margin - box.right : 0;
  if (shift) menu.style.translate = `${shift}px 0`;
  if (box.bottom > innerHeight - margin) menu.style.maxHeight = `${Math.max(innerHeight - margin - box.top, 120)}px`;
}
$('insert').addEventListener('click', () => toggleMenu('insert-items'));
$('export').addEventListener('click', () => {
  // Only a selection can be exported alone.
  const selection = $('export-selection');
  selection.disabled = !state.selection?.ids.length;
  if (selection.disabled) selection.checked = false;
  // Only a document of several pages (a PDF's, or sheets) has a page to export alone.
  const onePage = $('export-page');
  onePage.disabled = canvas.pageFrames().length < 2;
  if (onePage.disabled) onePage.checked = false;
  labelPNGExport();
  // A PDF's or a picture's pages keep their colors, and the ink over them its own (RenderOptions.drawing).
  const dark = $('export-dark');
  dark.disabled = canvas.pages.length > 0;
  if (dark.disabled) dark.checked = false;
  dark.parentElement.title = dark.disabled ? 'A PDF’s or a picture’s pages, and the ink over them, keep their colors' : 'As the dark theme draws it';
  toggleMenu('export-items');
});
$('arrange').addEventListener('click', () => {
  renderArrangeItems();
  toggleMenu('arrange-items');
});
$('arrange-items').addEventListener('click', (event) => {
  const item = event.target.closest('button');
  if (!item) return;
  toggleMenu('arrange-items', false);
  const { action, edge, axis, turn } = item.dataset;
  if (action === 'crop') return selectedPicture() ? startCrop(selectedPicture()) : toast('Select a picture to crop it.');
  if (action === 'describe') return describePicture();
  if (action === 'rotate') return turnSelection(turn);
  arrangeSelection({ action, ...(edge && { edge }), ...(axis && { axis }) });
});
$('export-items').addEventListener('click', (event) => { if (event.target.closest('a')) toggleMenu('export-items', false); });

/// Each ruling's usual spacing, as Paper.linedSpacing and Paper.gridSpacing (a college-ruled line; 5 mm).
const PAPER_SPACING = { lined: 24, squared: 72 / 25.4 * 5, dotted: 72 / 25.4 * 5 };
const PAPER_SCALES = [0.75, 1, 1.5];
/// How far `paper`'s spacing is from its ruling's usual one, as the nearest of the menu's choices.
function paperScale(paper) {
  if (!paper) return null;
  const scale = paper.spacing / PAPER_SPACING[paper.ruling];
  return PAPER_SCALES.find((choice) => Math.abs(choice - scale) < 0.01) ?? null;
}
function showPaper(paper) {
  state.paper = paper || null;
  canvas.setPaper(state.paper);
  canvas.showGrid(gridMode && !state.paper ? PAPER_SPACING.squared : null);
  renderPaperItems();
}

/// Grid mode on or off (`gridMode`, kept on the browser for the next visit).
function setGridMode(on) {
  gridMode = on;
  localStorage.setItem('markupkit.grid', on ? 'on' : 'off');
  showPaper(state.paper);
}

/// The grid snapped to ({ x0, y0, step }, document points), or null with grid mode off: the
/// paper's, from the page's top left corner (lined paper's lines from its top margin down).
function snapGrid() {
  // Over a PDF's or a picture's pages there is no paper to snap to.
  if (!gridMode || canvas.pages.length) return null;
  const { x, y } = canvas.bounds, paper = state.paper;
  return { x0: x, y0: y + (paper?.ruling === 'lined' ? Canvas.linedTopMargin : 0), step: paper?.spacing ?? PAPER_SPACING.squared };
}

/// `point` (document points) on the nearest point of the grid; itself with grid mode off.
function gridPoint(point) {
  const grid = snapGrid();
  return grid ? { x: onGrid(point.x, grid.x0, grid.step), y: onGrid(point.y, grid.y0, grid.step) } : point;
}
const onGrid = (value, origin, step) => origin + Math.round((value - origin) / step) * step;

/// A drag of the selection by (dx, dy) (document points) made to land on the grid: a move puts the
/// box's top left corner on it, a resize the edges it moves; null with grid mode off, before the
/// pointer has gone 4 px (a tap's jitter moves nothing), and for a resize of turned elements (the
/// box around them is not what the grid would hold).
function gridDrag(dx, dy) {
  const grid = snapGrid(), { start, current } = selectionDrag;
  if (!grid || Math.hypot(current.x - start.x, current.y - start.y) < 4) return null;
  if (selectionDrag.kind === 'resize' && state.selection.ids.some((id) => Number(canvas.elements.get(id)?.node.dataset.frame?.split(' ')[4] ?? 0) !== 0)) return null;
  const { x, y, width, height } = selectionDrag.bounds, edges = selectionDrag.kind === 'resize' ? selectionDrag.edges : 'nw';
  const snapped = (value, origin) => onGrid(value, origin, grid.step) - value;
  if (selectionDrag.kind === 'move') return { dx: dx + snapped(x + dx, grid.x0), dy: dy + snapped(y + dy, grid.y0) };
  const across = edges.includes('w') ? x : edges.includes('e') ? x + width : null;
  const down = edges.includes('n') ? y : edges.includes('s') ? y + height : null;
  return { dx: across === null ? dx : dx + snapped(across + dx, grid.x0), dy: down === null ? dy : dy + snapped(down + dy, grid.y0) };
}
/// The Paper menu over a PDF's or a picture's pages: its paper is that of the blank pages put in
/// among them, and its sheet items work on the pages, as Xournal++ puts a blank page in between a
/// PDF's for notes, duplicates, moves and takes them out.
const PAGE_ITEMS = { add: 'Add a blank page at the end', insert: 'Insert a blank page here', duplicate: 'Duplicate this page',
  moveUp: 'Move this page up', moveDown: 'Move this page down', delete: 'Remove this page…', remove: 'Remove the last blank page' };
function labelPaperMenu(overPages) {
  for (const item of $('paper-items').querySelectorAll('[data-sheet]')) {
    item.dataset.sheetLabel ??= item.textContent;
    item.textContent = overPages ? PAGE_ITEMS[item.dataset.sheet] : item.dataset.sheetLabel;
  }
  $('paper-button').title = overPages ? "The document's pages: put a blank one in (on the paper chosen here), duplicate, move or take one out"
    : 'The paper the document lies on: plain, lined, squared or dotted';
  $('paper-button').querySelector('.label').textContent = overPages ? 'Pages' : 'Paper';
}

function renderPaperItems() {
  const scale = paperScale(state.paper), overPages = canvas.pages.length > 0;
  const count = canvas.pageFrames().length, inView = canvas.currentPage();
  $('paper-items').querySelector('[data-grid]').setAttribute('aria-checked', String(gridMode));
  $('paper-items').querySelector('[data-sheet=remove]').disabled = count < 2 || (overPages && !canvas.pages[count - 1].blank);
  $('paper-items').querySelector('[data-sheet=delete]').disabled = count < 2;
  $('paper-items').querySelector('[data-sheet=moveUp]').disabled = count < 2 || inView <= 1;
  $('paper-items').querySelector('[data-sheet=moveDown]').disabled = count < 2 || inView >= count;
  for (const item of $('paper-items').querySelectorAll('[role=menuitemradio]')) {
    const checked = item.dataset.ruling ? item.dataset.ruling === (state.paper?.ruling ?? 'plain') : Number(item.dataset.scale) === scale;
    item.setAttribute('aria-checked', String(checked));
    if (item.dataset.scale) item.disabled = !state.paper;
  }
}
/// Adds a sheet at the end, takes the last off, or puts a blank one in before the sheet at the top of
/// the view, a copy of it after it, moves it up or down, or takes it out (asking first when
/// something is on it), as a notebook's pages.
async function changeSheets(action) {
  if (action === 'add' || action === 'remove') return sendEdit({ type: 'sheet', action });
  const sheet = canvas.currentPage() - 1, frame = canvas.pageFrames()[sheet], noun = canvas.pages.length ? 'page' : 'sheet';
  // A sheet moved takes the view with it.
  if (action === 'moveUp' || action === 'moveDown') {
    sendEdit({ type: 'sheet', action, sheet });
    return canvas.goToPage(sheet + (action === 'moveUp' ? 0 : 2));
  }
  // A PDF's or a picture's page is never empty: taking one out always asks, as one with marks on it does.
  const marked = () => [...canvas.elements.values()].some(({ node }) => {
    const box = boxOf(node), middle = box.y + box.height / 2;
    return middle >= frame.y && middle < frame.y + frame.height;
  });
  if (action === 'delete' && frame && (canvas.pages.some((page) => page.frame === frame && !page.blank) || marked())
    && !await confirmAction({ title: `Remove ${noun} ${sheet + 1}?`, message: `What is on it goes too, and the ${noun}s after it move up; you can undo it.`,
      confirmLabel: 'Remove', danger: true })) return;
  sendEdit({ type: 'sheet', action, sheet });
}

/// Below the bottom of a page of its own (not a PDF's or a picture's), when it is in view: a
/// button that makes the page a sheet longer, where a notebook's next page would be.
function placeAddSheet() {
  const button = $('add-sheet-below'), { x, y, width, height } = canvas.bounds;
  const bottom = canvas.toView(x + width / 2, y + height);
  button.hidden = !state.editable || canvas.pages.length > 0 || bottom.y < 0 || bottom.y + 56 > canvas.viewSize.height;
  button.style.left = `${bottom.x}px`;
  button.style.top = `${bottom.y + 12}px`;
}
$('add-sheet-below').addEventListener('click', () => sendEdit({ type: 'sheet', action: 'add' }));
$('paper-button').addEventListener('click', () => {
  renderPaperItems();
  toggleMenu('paper-items');
});
$('paper-items').addEventListener('click', (event) => {
  const item = event.target.closest('button');
  if (!item || item.disabled) return;
  toggleMenu('paper-items', false);
  if (item.dataset.sheet) return changeSheets(item.dataset.sheet);
  if (item.dataset.grid) return setGridMode(!gridMode);
  const ruling = item.dataset.ruling ?? state.paper?.ruling;
  const scale = item.dataset.scale ? Number(item.dataset.scale) : paperScale(state.paper) ?? 1;
  const paper = ruling === 'plain' ? null : { ruling, spacing: PAPER_SPACING[ruling] * scale };
  if (paper?.ruling === state.paper?.ruling && (!paper || Math.abs(paper.spacing - state.paper.spacing) < 1e-9)) return;
  // Shown at once; the server's change says the same once it is saved.
  showPaper(paper);
  sendEdit(paper ? { type: 'paper', paper: paper.ruling, spacing: paper.spacing } : { type: 'paper', paper: 'plain' });
});
// The Image… item is a label for its file field: Enter or Space on it opens the file chooser.
document.querySelector('[data-testid=insert-image]').addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  $('image-file').click();
});

function closeMenus() {
  for (const menu of MENUS) $(menu).hidden = true;
  contextMenu.close();
}

/// Gives the keys back to the page from a control of its bars chosen last (a list such as Fill, or
/// the Insert button), so that the shortcuts (Enter to crop what was inserted, Ctrl+Z, the tools'
/// letters) reach the page rather than that control: a press on the canvas is kept from moving the
/// focus, and a menu's item leaves it on its button.
function giveKeysToPage() {
  if (document.activeElement?.closest?.('.topbar, #tools, #page-strip')) document.activeElement.blur();
}

/// In an open toolbar menu, or on its button: the arrow keys go from item to item (from the button,
/// to the first or the last), Home and End to the first and the last, and Escape closes it, back
/// on its button. Whether the key was one of those.
function menuKey(event) {
  const menu = MENUS.map($).find((node) => !node.hidden);
  const button = menu?.parentElement.querySelector(':scope > button');
  if (!menu || (!menu.contains(event.target) && event.target !== button)) return false;
  if (event.key === 'Escape') {
    toggleMenu(menu.id, false);
    button?.focus();
    return true;
  }
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return false;
  const items = [...menu.querySelectorAll('button:not(:disabled), input:not(:disabled), a[href], [tabindex="0"]')].filter((item) => item.getClientRects().length);
  if (!items.length) return false;
  event.preventDefault();
  const at = items.indexOf(event.target);
  const down = event.key === 'ArrowDown';
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1
    : at < 0 ? (down ? 0 : items.length - 1) : (at + (down ? 1 : -1) + items.length) % items.length;
  items[next].focus();
  return true;
}
document.addEventListener('pointerdown', (event) => {
  if (!event.target.closest('.menu, .context-menu')) closeMenus();
}, true);
for (const link of document.querySelectorAll('[data-export]')) {
  link.href = `/api/documents/${documentID}/export.${link.dataset.export}`;
  // A download, never a navigation away from the page: one to a server that is away would leave
  // the editor for the browser's error page.
  link.download = '';
  link.addEventListener('click', (event) => {
    if (connection.isOpen) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    toggleMenu('export-items', false);
    toast('The server cannot be reached just now: export once it is back. What you draw meanwhile is kept here.');
  });
}
$('copy-picture').addEventListener('click', copyAsPicture);
$('versions').addEventListener('click', async () => {
  toggleMenu('export-items', false);
  if (!state.editable) return toast('Switch to Edit to restore a version.');
  try {
    const choice = await restoreVersion({ id: documentID, title: $('title').textContent });
    if (choice === 'none') toast('No version of this document is saved yet.');
    else if (choice !== null) toast(`Restored version ${choice}. Undo takes it back.`);
  } catch (error) {
    toast(`Could not restore: ${error.message}`);
  }
});
$('copy-svg').addEventListener('click', copyAsSVG);
$('copy-excalidraw').addEventListener('click', copyForOtherApps);
$('print').addEventListener('click', printDocument);

/// Focus (tldraw's focus mode, Excalidraw's zen mode): the page alone, the toolbars hidden; the
/// drawing stays where it is on the screen, the canvas growing around it.
function setFocusMode(on) {
  closeMenus();
  document.body.classList.toggle('focus', on);
  $('focus-mode').setAttribute('aria-pressed', String(on));
}
$('focus-mode').addEventListener('click', () => setFocusMode(!document.body.classList.contains('focus')));

const presentation = new Presentation(canvas, $('present-indicator'), (on) => {
  const was = document.body.classList.contains('focus');
  setFocusMode(on);
  return was;
});
$('present').addEventListener('click', () => presentation.start());

/// What the export menu's options ask of a PNG, SVG or PDF: the selection's ids alone (or the page
/// at the top of the view alone), dark, no background, a scale, the drawing kept inside a PNG; null
/// when they ask for nothing but the document as it is.
function exportOptions(format = null) {
  const selected = $('export-selection').checked && state.selection?.ids.length;
  const onePage = canvas.pageFrames().length > 1 && ($('export-page').checked || (format === 'png' && pngIsOnePage()));
  const options = {
    ...(selected && { ids: state.selection.ids }),
    ...(!selected && onePage && { page: canvas.currentPage() }),
    ...($('export-dark').checked && { dark: true }), ...($('export-transparent').checked && { transparent: true }),
    ...($('export-scale').value && { scale: Number($('export-scale').value) }), ...($('export-embed').checked && { embed: true }),
  };
  return Object.keys(options).length ? options : null;
}

/// Whether a PNG export is of the page in view alone: a PDF's pages (or a picture's) are not drawn
/// as one tall picture, as a notebook's sheets are.
function pngIsOnePage() {
  return canvas.pages.length > 1 && !($('export-selection').checked && state.selection?.ids.length);
}

/// A PNG is one picture: of a PDF's pages, the one in view, which its item says.
function labelPNGExport() {
  document.querySelector('[data-export="png"]').textContent = pngIsOnePage() ? `PNG (page ${canvas.currentPage()})` : 'PNG';
}
$('export-selection').addEventListener('change', labelPNGExport);

// A picture export with options is fetched (a selection's ids go in the body) and saved; without,
// the link downloads the page as it is.
for (const link of document.querySelectorAll('[data-export="png"], [data-export="svg"], [data-export="pdf"]')) {
  link.addEventListener('click', async (event) => {
    const options = exportOptions(link.dataset.export);
    if (!options) return;
    event.preventDefault();
    toggleMenu('export-items', false);
    const { ids, ...drawing } = options;
    const query = new URLSearchParams(Object.entries(drawing).map(([name, value]) => [name, value === true ? '1' : String(value)]));
    const asked = ids ? { options: { method: 'POST', body: JSON.stringify(options) } } : { query: `?${query}` };
    downloadExport(documentID, link.dataset.export, asked).then(toast, (error) => toast(`Could not export: ${error.message}`));
  });
}

// Another app's format may not hold everything: the page fetches the file, says what was left
// behind, and saves it (a .xopp over a PDF with the PDF beside it). With Selection only, these and
// .markup hold the selection alone.
for (const link of document.querySelectorAll('[data-export="markup"], [data-export="xopp"], [data-export="excalidraw"], [data-export="inkml"]')) {
  link.addEventListener('click', (event) => {
    const ids = $('export-selection').checked && state.selection?.ids.length ? state.selection.ids : null;
    if (!ids && link.dataset.export === 'markup') return;
    event.preventDefault();
    toggleMenu('export-items', false);
    const asked = ids ? { options: { method: 'POST', body: JSON.stringify({ ids }) } } : {};
    downloadExport(documentID, link.dataset.export, asked).then(toast, (error) => toast(`Could not export: ${error.message}`));
  });
}

const STICKERS = ['⭐️', '❤️', '✅', '❗️', '👍', '🎉', '💡', '📌'];

/// A sticky note: a rounded square filled in a pale colour (the colour chosen, lightened; yellow for
/// black or white), its label typed at once, in black.
const NOTE_SIZE = 200;
function noteColor(color) {
  if (!/^#[0-9a-f]{6}$/i.test(color) || color === '#1c1c1e' || color === '#ffffff') return '#fde68a';
  const channel = (index) => Math.round(parseInt(color.slice(index, index + 2), 16) * 0.45 + 255 * 0.55).toString(16).padStart(2, '0');
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}
/// The edit whose note, once the server has made it, gets its label typed.
let noteToLabel = null;
function insertNote(at) {
  const view = canvas.view, center = at ?? { x: view.x + view.width / 2, y: view.y + view.height / 2 };
  noteToLabel = sendEdit({ type: 'insert', kind: 'roundedRectangle', view, color: noteColor(toolbar.state.color), fill: 'solid',
    frame: { x: center.x - NOTE_SIZE / 2, y: center.y - NOTE_SIZE / 2, width: NOTE_SIZE, height: NOTE_SIZE } });
}
/// Opens the label of the note edit `op` made, once acknowledged: the note is then the selection.
function labelNewNote(op) {
  if (op !== noteToLabel) return;
  noteToLabel = null;
  const node = state.selection?.ids.length === 1 ? canvas.elements.get(state.selection.ids[0])?.node : null;
  if (node?.dataset.kind === 'shape' && state.editable) startLabel(node, '#1c1c1e');
}

$('insert-items').addEventListener('click', async (event) => {
  const kind = event.target.closest('[data-insert]')?.dataset.insert;
  if (!kind) return;
  toggleMenu('insert-items', false);
  giveKeysToPage();
  const message = { type: 'insert', kind, view: canvas.view, color: toolbar.state.color, ...shapeStyle(kind, toolbar.state) };
  const at = takeLastTap();
  if (at) message.at = at;
  if (kind === 'note') return insertNote(at);
  if (kind === 'text') {
    // Typed in place: at the last tap, or in the middle of the view.
    const view = canvas.view;
    return startText(at || { x: view.x + view.width / 2 - 120, y: view.y + view.height / 2 - 20 });
  } else if (kind === 'sticker') {
    const emoji = await ask({ title: 'Sticker', label: 'Pick one, or type or paste any emoji', value: STICKERS[0], choices: STICKERS,
      confirmLabel: 'Insert' });
    if (!emoji) return;
    // A sticker is a picture drawn from an emoji font; words belong in a text box.
    if ([...new Intl.Segmenter().segment(emoji.trim())].length > 3) return toast('A sticker is an emoji or a few; for words, use Text.');
    message.emoji = emoji.trim();
  } else if (kind === 'link') {
    const url = await ask({ title: 'Link', label: 'Address', placeholder: 'https://', type: 'url', confirmLabel: 'Insert' });
    if (!url) return;
    message.url = url;
  } else if (kind === 'signature') {
    const strokesSelected = state.selection?.ids.some((id) => canvas.elements.get(id)?.node.dataset.kind === 'stroke') ?? false;
    const chosen = await chooseSignature({ canSaveSelection: strokesSelected });
    if (!chosen) return;
    // `{ saveSelection }` sends no id: the server then keeps the strokes selected as a signature.
    if (chosen.insert) message.signature = chosen.insert;
  }
  sendEdit(message);
});

$('image-file').addEventListener('change', (event) => {
  const file = event.target.files[0];
  event.target.value = '';
  toggleMenu('insert-items', false);
  giveKeysToPage();
  const at = takeLastTap();
  if (file) insertImage(file, at);
});

/// Inserts the picture in `file` centred on `center` (document points; the view's centre when null),
/// at its own proportions: its pixels as points, shrunk to at most 60 % of the view.
async function insertImage(file, center) {
  if (!state.editable) return toast('Switch to Edit to insert pictures.');
  let image;
  try {
    image = await imageForInsertion(file);
  } catch (error) {
    return toast(`Could not insert it: ${error.message}.`);
  }
  const view = canvas.view;
  const scale = Math.min(1, (view.width * 0.6) / image.width, (view.height * 0.6) / image.height);
  const width = image.width * scale, height = image.height * scale;
  const middle = center ?? { x: view.x + view.width / 2, y: view.y + view.height / 2 };
  const frame = slidInto({ x: middle.x - width / 2, y: middle.y - height / 2, width, height }, pageInView(HANDLES_REACH));
  sendEdit({ type: 'insert', kind: 'image', image: image.base64, view, frame });
}

/// Room kept around what is inserted, in pixels, for its handles: the rotate and delete handles sit
/// about 28 px above a selection.
const HANDLES_REACH = { top: 44, side: 16 };

/// The part of the page in view (the view itself when the page is out of it), kept `inset` pixels
/// ({ top, side }) in from the view's edges where there is room for it.
function pageInView(inset = { top: 0, side: 0 }) {
  const view = canvas.view, page = canvas.bounds, zoom = canvas.zoom;
  const top = Math.min(inset.top / zoom, view.height / 4), side = Math.min(inset.side / zoom, view.width / 4);
  const x = Math.max(view.x + side, page.x), y = Math.max(view.y + top, page.y);
  const right = Math.min(view.x + view.width - side, page.x + page.width), bottom = Math.min(view.y + view.height - side, page.y + page.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : view;
}

/// `frame` moved the least that puts it inside `area` along each side it fits in, as PaperKit
/// places a picture: a tap near an edge does not leave half of it (and its handles) out of reach.
function slidInto(frame, area) {
  const along = (start, size, areaStart, areaSize) => size > areaSize ? start : Math.min(Math.max(start, areaStart), areaStart + areaSize - size);
  return { ...frame, x: along(frame.x, frame.width, area.x, area.width), y: along(frame.y, frame.height, area.y, area.height) };
}

/// A drawing's file dropped or pasted (a .markup file, or a tldraw, Excalidraw, Xournal++ or InkML
/// one): its elements are pasted with their middle at `at` (document points) or where insertions
/// go, as a copy of them would be; the server says what did not come across.
function insertDrawing(data, name, at) {
  if (!state.editable) return toast('Switch to Edit to paste.');
  const message = { type: 'insert', kind: 'drawing', drawing: data, name, view: canvas.view };
  if (at) message.at = at;
  if (!fitsInAMessage(message)) return toast(`${name || 'The drawing'} is too large to paste; import it from the library instead.`);
  sendEdit(message);
}

/// Whether pasted text is a drawing: an Excalidraw scene or its clipboard (as excalidraw.com copies
/// elements), or a tldraw file. (Shapes copied in tldraw come as HTML, read before the text.)
const isDrawingText = (text) => text.startsWith('{')
  && /"type"\s*:\s*"excalidraw(\/clipboard)?"|"tldrawFileFormatVersion"/.test(text.slice(0, 4096));

// Pictures and drawings dropped on the canvas go where they are dropped, several side by side
// (elsewhere on the page, in the middle of the view). No dropped file replaces the page, as a
// browser's own drop would.
const isPicture = (file) => file.type.startsWith('image/');
const isDrawingFile = (file) => /\.(markup|tldr|excalidraw|xopp|xoj|inkml)$/i.test(file.name);
const carriesFiles = (event) => [...(event.dataTransfer?.items ?? [])].some((item) => item.kind === 'file');
document.addEventListener('dragover', (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = state.editable ? 'copy' : 'none';
});
document.addEventListener('drop', async (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  const files = [...event.dataTransfer.files].filter((file) => isPicture(file) || isDrawingFile(file));
  if (!files.length) return toast('Only pictures and drawings (.markup, .tldr, .excalidraw, .xopp, .inkml) can be dropped here; import PDFs from the library.');
  const view = viewPoint(event);
  let at = $('canvas').contains(event.target) ? canvas.toDocument(view.x, view.y) : null;
  for (const file of files) {
    if (isPicture(file)) await insertImage(file, at);
    else insertDrawing(base64(new Uint8Array(await file.arrayBuffer())), file.name, at);
    if (at) at = { x: at.x + 24 / canvas.zoom, y: at.y + 24 / canvas.zoom };
  }
});

// ---- Pointer input: drawing goes to the server; panning and pinching stay here

const host = $('canvas');
const touches = new Map();
let gesture = null; // 'draw' | 'pan' | 'pinch' | 'ruler' | 'shape' | 'laser' | 'highlight' | 'space' | null
let lastPan = null;
let drawingPointer = null; // the pointer whose samples go to the server
let drawingWith = null; // its kind: 'pen', 'touch' or 'mouse'
let stroke = null; // the ink stroke being drawn: every sample, kept for the outbox
let shapeDrag = null; // the shape being dragged out: { pointer, kind, start, end } in document points
let press = null; // where the last pointer went down: { pointer, view, point (in document points) }
let lastTap = null; // where the canvas was last tapped (pressed and let go), in document points: where insertions go
let lastTapAt = -Infinity; // when, as an event's timeStamp

/// Where the next insertion goes: the last tap, if it is still in view (once: the next goes to the
/// view's centre).
function takeLastTap() {
  const tap = lastTap && contains(canvas.view, lastTap) ? lastTap : null;
  lastTap = null;
  return tap;
}

// On a phone the tools scroll sideways in one row: a fade at an edge says more lies beyond it.
const toolRow = $('tools');
function markToolRowOverflow() {
  toolRow.classList.toggle('more-right', toolRow.scrollLeft + toolRow.clientWidth < toolRow.scrollWidth - 1);
  toolRow.classList.toggle('more-left', toolRow.scrollLeft > 1);
}
toolRow.addEventListener('scroll', markToolRowOverflow, { passive: true });
new ResizeObserver(markToolRowOverflow).observe(toolRow);
new MutationObserver(markToolRowOverflow).observe(toolRow, { subtree: true, attributes: true, attributeFilter: ['hidden'] });

/// Where the mouse is over the canvas (its window coordinates), null when it is elsewhere: where
/// what is pasted from another app goes, as in Excalidraw, unless a tap since says otherwise.
let mouseOverCanvas = null;
host.addEventListener('pointermove', (event) => {
  if (event.pointerType === 'mouse') mouseOverCanvas = { clientX: event.clientX, clientY: event.clientY, at: event.timeStamp };
});
host.addEventListener('pointerleave', () => { mouseOverCanvas = null; });

/// Where a paste from another app goes: under the mouse, or the last tap when it came after the
/// mouse last moved (a finger's or a pen's, or a click that left the mouse where it was); the mouse's
/// place read now, after any zoom or scroll since it moved.
function pastePoint() {
  const tapAt = lastTapAt;
  const tap = takeLastTap();
  if (tap && (!mouseOverCanvas || tapAt >= mouseOverCanvas.at)) return tap;
  if (!mouseOverCanvas) return null;
  const view = viewPoint(mouseOverCanvas);
  return canvas.toDocument(view.x, view.y);
}

function contains(rect, point) {
  return point.x >= rect.x && point.x <= rect.x + rect.width && point.y >= rect.y && point.y <= rect.y + rect.height;
}

function viewPoint(event) {
  const box = host.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}

function samples(event) {
  const list = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  return (list.length ? list : [event]).map((sample) => {
    const point = viewPoint(sample);
    return { x: point.x, y: point.y, t: sample.timeStamp, p: sample.pressure, tx: sample.tiltX, ty: sample.tiltY };
  });
}

/// The samples of the stroke being drawn: along the ruler's edge when it began there.
function strokeSamples(event) {
  const list = samples(event);
  return stroke?.edge ? ruler.follow(stroke.edge, list) : list;
}

/// Drops the stroke a finger is drawing, which becomes `next` (a pinch, or nothing for a pen's).
function cancelFingerStroke(next) {
  send({ type: 'pointer', phase: 'cancelled', pointerType: 'touch', samples: [] });
  drawingPointer = null;
  if (stroke) {
    if (stroke.handle !== null) ink.end(stroke.handle);
    canvas.removePending('drawing');
  }
  stroke = null;
  if (heldWhileDrawing.length) setTimeout(releaseHeld, 0);
  gesture = next;
}

function pans(event) {
  return (!state.editable && toolbar.state.tool !== 'laser') || toolbar.state.tool === 'hand' || event.button === 1 || spaceHeld
    || (state.penOnly && event.pointerType === 'touch');
}

/// The link element under `event`, when a click on it opens it: always in View mode; in Edit mode
/// with Ctrl or ⌘ held (otherwise the pen draws over it).
function openableLink(event) {
  const link = event.target.closest?.('#content a[href]');
  return link && (!state.editable || event.ctrlKey || event.metaKey) ? link : null;
}

// A link opens in a new tab, never in place of the editor.
host.addEventListener('click', (event) => {
  if (!event.target.closest?.('#content a[href]')) return;
  event.preventDefault();
  const link = openableLink(event);
  if (link) window.open(link.getAttribute('href'), '_blank', 'noopener');
});

/// The text box a double-click or a text-tool press is on: under the pointer (under the selection's
/// box too, which may still be the one before the last press's), or the one selected when the press
/// is on its selection box (which holds the pointer while it is dragged).
function textBoxAt(event) {
  const group = event.target.closest?.('#content > g[data-kind=textBox]:not([data-locked])');
  if (group) return group;
  if (!event.target.closest?.('#selection')) return null;
  const under = drawnElementAt(event.clientX, event.clientY);
  if (under?.matches('[data-kind=textBox]')) return under;
  if (state.selection?.ids.length !== 1) return null;
  const node = canvas.elements.get(state.selection.ids[0])?.node;
  return node?.matches?.('[data-kind=textBox]') ? node : node?.querySelector?.('[data-kind=textBox]') ?? null;
}

// A double-click edits a text box again; with the select tool, it types a shape's label (or edits
// it again), selects another grouped element alone, and on an empty part of the page starts typing
// there (as in tldraw and Excalidraw).
host.addEventListener('dblclick', (event) => {
  if (cropEditor.isOpen) return endCrop(true);
  // Inside the text being typed, a double-click selects a word, as in any text field.
  if (!state.editable || event.target.closest?.('.text-editor')) return;
  const group = textBoxAt(event);
  if (group) return editText(group);
  if (toolbar.state.tool !== 'select') return;
  // Inside an empty shape counts as on it, as the server's hit test takes it.
  const element = elementAt(event.clientX, event.clientY, 'shape');
  // A picture is cropped (as in Excalidraw); one in a group once it is selected alone.
  if (element?.dataset.kind === 'image' && (!element.dataset.group || selectedPicture() === element)) return startCrop(element);
  if (element?.dataset.kind === 'shape') {
    // A shape's label is typed in it (and grouped with it), or edited again.
    const label = labelOf(element);
    if (label) return editText(label);
    if (!element.dataset.group) return startLabel(element);
  }
  // Another grouped element is selected alone, to change it without ungrouping.
  if (element?.dataset.group) return send({ type: 'selection', action: 'set', ids: [element.id.slice(2)] });
  if (element || event.target.closest?.('#selection')) return;
  const view = viewPoint(event);
  startText(canvas.toDocument(view.x, view.y));
});

/// The one picture selected, its node; null for any other selection.
function selectedPicture() {
  const ids = state.selection?.ids ?? [];
  const node = ids.length === 1 ? canvas.elements.get(ids[0])?.node : null;
  return node?.dataset.kind === 'image' && !node.dataset.locked ? node : null;
}

/// Asks what the picture selected shows (its description so far filled in), for a screen reader,
/// and gives it that description.
async function describePicture() {
  const node = selectedPicture();
  if (!node || !state.editable) return toast('Select a picture to describe it.');
  const text = await ask({ title: 'Describe the picture', label: 'What it shows', value: node.querySelector(':scope > title')?.textContent ?? '',
    placeholder: 'A chart of the week’s sales', confirmLabel: 'Describe' });
  if (text !== null && text !== undefined) sendEdit({ type: 'selection', action: 'describe', ids: [node.id.slice(2)], text });
}

/// Ends cropping, the crop kept (sent to the server) or dropped; the selection shows again.
function endCrop(keep) {
  cropEditor.close(keep);
  renderSelection();
}

/// Starts cropping the picture `node`, selected alone.
function startCrop(node) {
  if (!state.editable || node.dataset.locked || selectionDrag || gesture || shapeDrag) return;
  const id = node.id.slice(2);
  if (state.selection?.ids.join() !== id) send({ type: 'selection', action: 'set', ids: [id] });
  // Keys go to the crop, not to the menu item or button that began it.
  document.activeElement?.blur?.();
  if (cropEditor.open(node)) renderSelection();
}

/// The unlocked element at the point (client pixels): the one drawn there, or else the smallest
/// (of `kind`, when given) whose box holds the point: a thin stroke, a hollow shape.
function elementAt(x, y, kind = null) {
  return drawnElementAt(x, y) ?? smallestElementAround(x, y, `${kind ? `[data-kind=${kind}]` : ''}:not([data-locked])`);
}

/// The locked element at the point (client pixels): the topmost drawn there, or else the smallest
/// whose box holds it.
function lockedElementAt(x, y) {
  return document.elementsFromPoint(x, y).map((node) => node.closest?.('#content > g[id^="e-"][data-locked]')).find(Boolean)
    ?? smallestElementAround(x, y, '[data-locked]');
}

/// Of the elements matching `filter` (a selector's attribute part), the smallest whose box holds
/// the point (client pixels).
function smallestElementAround(x, y, filter) {
  const area = (box) => box.width * box.height;
  return [...canvas.content.querySelectorAll(`:scope > g${filter}`)]
    .map((node) => ({ node, box: clientBoxOf(node) }))
    .filter(({ box }) => box.left <= x && x <= box.right && box.top <= y && y <= box.bottom)
    .sort((a, b) => area(a.box) - area(b.box))[0]?.node ?? null;
}

/// The unlocked element drawn at the point (client pixels): its ink, a filled shape's inside, a
/// hollow one's outline only.
function drawnElementAt(x, y) {
  return document.elementsFromPoint(x, y).map((node) => node.closest?.('#content > g[id^="e-"]:not([data-locked])')).find(Boolean) ?? null;
}

/// The box (document points) `node` covers: a cropped picture's frame, turned (its drawing holds
/// the whole picture, clipped), else what it draws.
function boxOf(node) {
  return node.dataset.crop ? turnedBox(frameOf(node)) ?? node.getBBox() : node.getBBox();
}

/// `boxOf(node)` on the screen (client pixels), as `getBoundingClientRect` gives it.
function clientBoxOf(node) {
  if (!node.dataset.crop) return node.getBoundingClientRect();
  const { x, y, width, height } = boxOf(node), origin = host.getBoundingClientRect();
  const topLeft = canvas.toView(x, y), bottomRight = canvas.toView(x + width, y + height);
  return { left: origin.left + topLeft.x, top: origin.top + topLeft.y, right: origin.left + bottomRight.x, bottom: origin.top + bottomRight.y,
    width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y };
}

/// The text box in `shape`'s group whose middle lies inside the shape: its label.
function labelOf(shape) {
  if (!shape.dataset.group) return null;
  const box = shape.getBBox();
  return [...canvas.content.querySelectorAll(`:scope > g[data-kind=textBox][data-group="${CSS.escape(shape.dataset.group)}"]`)].find((text) => {
    const { x, y, width, height } = frameOf(text) ?? {};
    const cx = x + width / 2, cy = y + height / 2;
    return cx >= box.x && cx <= box.x + box.width && cy >= box.y && cy <= box.y + box.height;
  }) ?? null;
}

/// An editor for a new label across the middle of `shape`, centred (in `color`, else the tool's).
function startLabel(shape, color = null) {
  const box = shape.getBBox();
  const style = { ...textStyle(), alignment: 'center', ...(color && { color }) };
  const inset = Math.min(8, box.width / 8), height = style.size * 1.3;
  // A bent line's label goes on its curve's middle, an elbow line's halfway along it: neither is
  // its box's middle.
  const middle = shape.dataset.line ? middleOf(shape) ?? elbowHalfway(shape) : null;
  const centre = middle ?? { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const width = Math.max(box.width - 2 * inset, 40);
  textEditor.open({
    frame: { x: centre.x - width / 2, y: centre.y - height / 2, width, height }, style,
    label: { of: shape.id.slice(2), middle: centre.y },
  });
}

/// What a page without its server says when asked to erase or select: the server does both.
const NEEDS_THE_SERVER = 'Erasing and selecting need the server; ink drawn now is kept and saved when it is back.';

/// The tool to go back to when a pen turned over to erase is lifted.
let toolBeforeEraser = null;

host.addEventListener('pointerdown', (event) => {
  giveKeysToPage();
  // A press outside the picture being cropped keeps the crop, and does nothing else.
  if (cropEditor.isOpen) {
    if (!event.target.closest('#selection')) endCrop(true);
    event.preventDefault();
    return;
  }
  // The context menu opens instead: nothing is drawn.
  if (opensMenu(event)) return;
  const palmOnSelection = state.penOnly && event.pointerType === 'touch' && event.target.closest('#selection');
  if ((event.target.closest('.handle, .handle-target, .add-sheet') && !palmOnSelection)
    || (event.target.closest('.selection-box') && !pressGoesThroughBox(event) && !palmOnSelection)
    || openableLink(event)) return;
  // A press outside the text being typed keeps it, and does nothing else.
  if (textEditor.isOpen) {
    textEditor.close(true);
    event.preventDefault();
    return;
  }
  host.setPointerCapture(event.pointerId);
  if (event.pointerType === 'touch') {
    touches.set(event.pointerId, viewPoint(event));
    fingerDown(event);
  }
  if (event.pointerType === 'pen') penSeen();
  // A second finger on the ruler turns it with the first; a pen draws while fingers hold it.
  if (ruler.dragging && event.pointerType === 'touch') return ruler.press(event.pointerId, viewPoint(event), 'body');
  // A pen coming down while fingers draw, pan or pinch (a palm that landed first, often as two
  // contacts) takes over: the fingers' stroke is dropped, their pan or pinch ends, and the pen draws.
  if (event.pointerType === 'pen' && touches.size > 0) {
    if (gesture === 'draw' && drawingWith === 'touch') cancelFingerStroke(null);
    else if (gesture === 'pan' || gesture === 'pinch') {
      gesture = null;
      lastPan = null;
      host.classList.remove('panning');
    }
  }
  if (gesture === 'draw' || gesture === 'pinch') {
    // A second finger turns a finger's drawing into a pinch; fingers on the page (a palm) leave a
    // pen's drawing be.
    if (gesture === 'draw' && touches.size === 2 && event.pointerType === 'touch' && drawingWith === 'touch') cancelFingerStroke('pinch');
    return;
  }
  if (touches.size === 2 && event.pointerType === 'touch') {
    // A second finger makes a pinch of a shape being dragged out, or of an element grabbed, too.
    if (shapeDrag) finishShape('cancelled');
    callSelectionDragOff();
    gesture = 'pinch';
    return;
  }
  if (pressesRuler(event, viewPoint(event))) return;
  const view = viewPoint(event);
  // Where it went down: a tap there (with the hand too) is where the next insertion goes.
  press = { pointer: event.pointerId, pointerType: event.pointerType, view, point: canvas.toDocument(view.x, view.y) };
  if (pans(event)) {
    gesture = 'pan';
    lastPan = view;
    host.classList.add('panning');
    return;
  }
  // A pen turned over erases whatever the tool, as on paper; the tool comes back at pen-up.
  if (event.pointerType === 'pen' && (event.button === 5 || event.buttons & 32) && state.editable && toolbar.state.tool !== 'eraser') {
    toolBeforeEraser = toolbar.state.tool;
    toolbar.set({ tool: 'eraser' });
  }
  if (toggledInSelection(event)) return;
  if (toolbar.state.tool === 'laser') {
    gesture = 'laser';
    lasers.add('me', press.point);
    presence.moved(press.point, false, true);
    event.preventDefault();
    return;
  }
  if (toolbar.state.tool === 'text' && state.editable) {
    event.preventDefault();
    const group = textBoxAt(event);
    if (group) editText(group);
    else startText(press.point);
    return;
  }
  if (toolbar.state.tool === 'space' && state.editable) {
    event.preventDefault();
    gesture = 'space';
    beginSpace(event.pointerId, press.point.y);
    return;
  }
  if (toolbar.state.tool === 'textHighlight' && state.editable) {
    event.preventDefault();
    // Offline there are no boxes to show while dragging, but the highlight waits in the outbox.
    gesture = 'highlight';
    highlightDrag = { pointer: event.pointerId, from: press.point, to: press.point, asking: false, askAgain: false };
    return;
  }
  if (toolbar.state.tool === 'shape') {
    gesture = 'shape';
    shapeDrag = { pointer: event.pointerId, kind: toolbar.state.shape, start: press.point, end: press.point };
    event.preventDefault();
    return;
  }
  if (toolbar.state.tool === 'select' && grabbedElement(event)) return;
  const settings = toolbar.message();
  const inks = INKS.some(([name]) => name === settings.tool);
  if (!inks && !connection.isReady) {
    toast(NEEDS_THE_SERVER);
    return;
  }
  gesture = 'draw';
  drawingPointer = event.pointerId;
  drawingWith = event.pointerType;
  stroke = inks ? { settings, pointerType: event.pointerType, samples: [], view: canvas.view, handle: null, edge: ruler.edgeFor(view, settings.width) } : null;
  const first = strokeSamples(event);
  stroke?.samples.push(...first);
  if (stroke && ink) {
    try {
      const begun = ink.begin(settings.tool, settings.width, event.pointerType, stroke.view, first, settings.pressure);
      stroke.handle = begun.handle;
      stroke.style = inkStyle(settings, begun.grains);
      canvas.updateInk('drawing', begun.update, stroke.style);
    } catch {
      if (stroke.handle !== null) ink.end(stroke.handle);
      stroke.handle = null;
      canvas.removePending('drawing');
    }
  }
  // Ink this page draws itself is streamed only for others to watch: alone on the document, the
  // whole stroke at pen-up is all the server needs.
  if (stroke) stroke.streamed = stroke.handle === null || presence.total > 0;
  if (!stroke || stroke.streamed) send({ type: 'pointer', phase: 'began', pointerType: event.pointerType, samples: first, view: canvas.view });
  showDrawing();
  event.preventDefault();
});

/// The part of the ruler a press at `view` takes hold of: 'handle', 'body', or null (off it, for
/// the hand, or where an ink's stroke would follow an edge).
function rulerPartToHold(view) {
  const part = ruler.partAt(view);
  if (!part || toolbar.state.tool === 'hand' || spaceHeld) return null;
  const inks = INKS.some(([name]) => name === toolbar.state.tool);
  return part === 'body' && inks && ruler.edgeFor(view, toolbar.state.width) ? null : part;
}

/// A press on the ruler's body or a handle takes hold of it.
function pressesRuler(event, view) {
  const part = event.button === 1 ? null : rulerPartToHold(view);
  if (!part) return false;
  gesture = 'ruler';
  ruler.press(event.pointerId, view, part);
  event.preventDefault();
  return true;
}

/// Over the ruler, the pointer shows what a press does there.
function showRulerCursor(view) { host.dataset.ruler = rulerPartToHold(view) ?? ''; }

/// Until the server's outline comes back (and whenever it cannot), the samples show as a plain line.
function strokePreview(current) {
  const { view, settings } = current;
  const scale = view.width / view.viewWidth;
  const points = current.samples.map((sample) => ({ x: view.x + sample.x * scale, y: view.y + sample.y * scale }));
  return { points, color: settings.color || '#000000', width: Math.max(settings.width || 2, 1) };
}

/// Draws the stroke so far: with the engine's ink as samples arrive, or else (offline, without the
/// module) as a plain line.
function showDrawing(moved = []) {
  if (stroke && stroke.handle !== null) {
    try {
      canvas.updateInk('drawing', ink.append(stroke.handle, moved), stroke.style);
      // A stroke whose first samples gave no point gets its grain only now.
      stroke.style.grains ??= ink.grains(stroke.handle, stroke.settings.tool);
      return;
    } catch {
      ink.end(stroke.handle);
      stroke.handle = null;
      canvas.removePending('drawing');
    }
  }
  // Online without the module, the server's live outline shows the stroke; with it (the server then
  // sends none) a stroke the module refused still shows as a line.
  if (!stroke || (connection.isOpen && !ink)) return;
  const preview = strokePreview(stroke);
  canvas.showPending('drawing', preview.points, preview.color, preview.width);
}

host.addEventListener('pointermove', (event) => {
  if (event.pointerType !== 'touch' || gesture === 'draw' || gesture === 'laser') {
    const point = viewPoint(event);
    const at = canvas.toDocument(point.x, point.y);
    presence.moved(at, gesture === 'draw', gesture === 'laser');
    if (gesture === 'laser' && event.pointerId === press?.pointer) lasers.add('me', at);
  }
  if (event.pointerType === 'touch' && touches.has(event.pointerId)) {
    fingerMoved(event);
    const previous = touches.get(event.pointerId);
    const point = viewPoint(event);
    if (gesture === 'pinch' && touches.size === 2) {
      const [a, b] = [...touches.values()];
      const other = a === previous ? b : a;
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(point.x - other.x, point.y - other.y);
      if (before > 0) canvas.zoomBy(after / before, (point.x + other.x) / 2, (point.y + other.y) / 2);
      canvas.panBy((point.x - previous.x) / 2, (point.y - previous.y) / 2);
    }
    touches.set(event.pointerId, point);
  }
  if (ruler.holds(event.pointerId)) return ruler.move(event.pointerId, viewPoint(event), event.shiftKey);
  if (ruler.shown && !gesture) showRulerCursor(viewPoint(event));
  if (gesture === 'space' && event.pointerId === spaceDrag?.pointer) {
    const point = viewPoint(event);
    moveSpace(canvas.toDocument(point.x, point.y).y);
    return;
  }
  if (gesture === 'highlight' && event.pointerId === highlightDrag?.pointer) {
    const point = viewPoint(event);
    highlightDrag.to = canvas.toDocument(point.x, point.y);
    askForTextBoxes();
    return;
  }
  if (gesture === 'shape' && shapeDrag && event.pointerId === shapeDrag.pointer) {
    const point = viewPoint(event);
    shapeDrag.end = canvas.toDocument(point.x, point.y);
    shapeDrag.square = event.shiftKey;
    const { color, width, opacity } = toolbar.state;
    const line = shapeDrag.kind === 'line' || shapeDrag.kind === 'arrow';
    const targets = line ? findConnections(shapeDrag, event) : null;
    let geometry = shapeGeometry(gridded(shapeDrag));
    if (line) geometry = toolbar.state.elbow ? elbowLine(geometry, targets, width) : connectedLine(geometry, targets, width);
    canvas.showShapePreview('shape', shapeDrag.kind, geometry, color, { width, opacity, ...shapeStyle(shapeDrag.kind, toolbar.state) });
    return;
  }
  if (gesture === 'pan' && lastPan) {
    const point = viewPoint(event);
    canvas.panBy(point.x - lastPan.x, point.y - lastPan.y);
    lastPan = point;
  } else if (gesture === 'draw' && event.pointerId === drawingPointer) {
    // Held into a shape, the stroke is that shape until the pen lifts, and the pen adjusts it.
    if (stroke?.held) return adjustHeldShape(stroke, viewPoint(event));
    const moved = strokeSamples(event);
    if (stroke) {
      stroke.samples.push(...moved);
      // Ink along the ruler is a line already.
      if (!stroke.edge) watchForHold(stroke);
    }
    if (!stroke || stroke.streamed) send({ type: 'pointer', phase: 'moved', pointerType: event.pointerType, samples: moved });
    showDrawing(moved);
    if (!stroke) showSelecting(moved);
    if (stroke && stroke.handle !== null) {
      // From the pointer event to the frame that shows its ink: what the pen's user waits for.
      const happened = event.timeStamp;
      requestAnimationFrame((frame) => recordInkLatency(frame - happened));
    }
  }
});

/// A stroke the pen then holds still on (for HOLD_MILLISECONDS, within HOLD_PIXELS) becomes the
/// shape it was drawn as, when it is one: a line, a rectangle or an ellipse (ShapeRecognizer),
/// shown at once in place of the ink and inserted at pen-up in the stroke's color, width and look.
/// One timer a pause: a move only notes where and when the pen last went.
const HOLD_MILLISECONDS = 600, HOLD_PIXELS = 4;
function watchForHold(current) {
  const last = current.samples[current.samples.length - 1];
  const hold = current.hold;
  if (hold && Math.hypot(last.x - hold.x, last.y - hold.y) <= HOLD_PIXELS) return;
  current.hold = { x: last.x, y: last.y, since: performance.now(), timer: hold?.timer ?? null };
  current.hold.timer ??= setTimeout(() => holdTimerFired(current), HOLD_MILLISECONDS);
}

function holdTimerFired(current) {
  const hold = current.hold, wait = hold.since + HOLD_MILLISECONDS - performance.now();
  hold.timer = wait > 0 ? setTimeout(() => holdTimerFired(current), wait) : null;
  if (wait <= 0) recognizeHeld(current);
}

function recognizeHeld(current) {
  if (stroke !== current || !ink) return;
  const recognized = ink.recognize(strokePreview(current).points);
  if (!recognized) return;
  if (current.handle !== null) ink.end(current.handle);
  current.handle = null;
  // Others stop seeing the ink: what they will see is the shape.
  if (current.streamed) send({ type: 'pointer', phase: 'cancelled', pointerType: current.pointerType, samples: [] });
  current.streamed = false;
  canvas.removePending('drawing');
  const last = current.samples[current.samples.length - 1];
  // A held shape looks like the ink it was drawn with: a marker's translucent, a pen's solid.
  const { tool, opacity } = current.settings;
  current.held = { recognized, shape: recognized, at: canvas.toDocument(last.x, last.y),
    opacity: Math.round(opacity * Math.max(...ink.layerOpacities(tool)) * 100) / 100 };
  showHeldShape(current);
}

function showHeldShape({ held: { shape, opacity }, settings: { color, width } }) {
  canvas.showShapePreview('drawing', shape.kind, shape, color, { width, opacity, rotation: shape.rotation });
}

/// Moving the pen on after the shape appeared adjusts it, as in iPadOS: a line's end follows the
/// pen; a rectangle or an ellipse grows or shrinks about its centre as the pen moves from it or
/// towards it.
function adjustHeldShape(current, view) {
  const { recognized, at } = current.held;
  const pen = canvas.toDocument(view.x, view.y);
  if (recognized.kind === 'line') {
    current.held.shape = { ...recognized, to: { x: recognized.to.x + pen.x - at.x, y: recognized.to.y + pen.y - at.y } };
  } else {
    const { x, y, width, height } = recognized.frame;
    const center = { x: x + width / 2, y: y + height / 2 };
    const scale = Math.max(Math.hypot(pen.x - center.x, pen.y - center.y), 1) / Math.max(Math.hypot(at.x - center.x, at.y - center.y), 1);
    current.held.shape = { ...recognized, frame: { x: center.x - width * scale / 2, y: center.y - height * scale / 2, width: width * scale, height: height * scale } };
  }
  showHeldShape(current);
}

function insertHeldShape({ held: { shape, opacity }, settings }) {
  // Left unselected, as ink is: writing in a box just drawn must not drag the box.
  const message = { type: 'insert', kind: shape.kind, color: settings.color, width: settings.width, opacity, view: canvas.view, select: false };
  if (shape.kind === 'line') Object.assign(message, { from: shape.from, to: shape.to });
  else Object.assign(message, { frame: shape.frame, rotation: shape.rotation });
  const op = sendEdit(message);
  if (op) canvas.renamePending('drawing', op);
}

/// The lasso's path, or the select tool's marquee, drawn here as the pointer drags (the server
/// does the selecting).
let selecting = null;
function showSelecting(moved) {
  const tool = toolbar.state.tool;
  if (tool !== 'lasso' && tool !== 'select') return;
  const points = moved.map((sample) => canvas.toDocument(sample.x, sample.y));
  selecting ??= { start: points[0], points: [] };
  selecting.points.push(...points);
  const end = selecting.points[selecting.points.length - 1];
  // The select tool drags a marquee from an empty spot; from an element it moves it, and shows none.
  if (tool === 'select' && state.selection?.ids.length) return;
  const outline = tool === 'lasso' ? [selecting.start, ...selecting.points, selecting.start]
    : [selecting.start, { x: end.x, y: selecting.start.y }, end, { x: selecting.start.x, y: end.y }, selecting.start];
  canvas.showPending('selecting', outline, '#0a84ff', 1.5 / canvas.zoom);
  canvas.pending.querySelector('[data-op="selecting"]')?.classList.add('selecting');
}

const inkLatencies = [];
function recordInkLatency(milliseconds) {
  inkLatencies.push(milliseconds);
  if (inkLatencies.length > 2000) inkLatencies.shift();
}

// ---- Text typed on the canvas

function textStyle() { return { ...toolbar.state.text, color: toolbar.state.color }; }

/// How wide a new text box is, in points; how wide at least, beside a page's right edge.
const TEXT_BOX_WIDTH = 240, NARROWEST_TEXT_BOX = 120;

/// A new text box's editor with its top left corner at `point` (document points). On a page (a
/// PDF's, a sheet) it wraps before the page's right edge, moved left when too little room is left,
/// so what is typed there is on the page it was typed on, and in its export.
function startText(point) {
  const style = textStyle();
  const page = canvas.pageFrames().find((frame) => contains(frame, point));
  let { x } = point, width = TEXT_BOX_WIDTH;
  if (page) {
    const right = page.x + page.width - 8;
    x = Math.max(page.x, Math.min(x, right - NARROWEST_TEXT_BOX));
    width = Math.max(Math.min(TEXT_BOX_WIDTH, right - x), 1);
  }
  textEditor.open({ frame: { x, y: point.y, width, height: style.size * 1.3 }, style });
}

/// The editor over text box `group` (an element on the canvas), set as it is drawn.
function editText(group) {
  const data = group.dataset;
  const [x, y, width, height] = (data.frame || '').split(' ').map(Number);
  if (!Number.isFinite(width)) return;
  group.style.visibility = 'hidden';
  editingGroup = group;
  // Its handles would only frame the box being typed in: they come back once it closes.
  canvas.selectionLayer.style.visibility = 'hidden';
  editedElsewhere = false;
  textEditor.open({
    frame: { x, y, width, height }, text: data.text ?? '', id: group.id.replace(/^e-/, ''),
    style: { family: data.font || 'Sans', size: Number(data.size) || 17, bold: Number(data.weight) >= 600, italic: data.italic === '1',
      alignment: data.align || 'leading', color: data.textColor || '#000000' },
  });
}
let editingGroup = null;
/// Whether someone else has changed the text box being edited since its editing began.
let editedElsewhere = false;

/// Someone else's change to the text box being edited: what they made stays hidden under the
/// editor (rather than drawn through it), and the page is told that what it keeps replaces theirs.
function textChangedElsewhere(message) {
  if (!editingGroup || !textEditor.isOpen) return;
  const id = editingGroup.id.replace(/^e-/, '');
  if (!(message.updated ?? []).some((entry) => entry.id === id)) return;
  editingGroup = canvas.elements.get(id)?.node ?? editingGroup;
  editingGroup.style.visibility = 'hidden';
  if (editedElsewhere) return;
  editedElsewhere = true;
  toast('Someone else just changed this text: yours replaces it if you change it here (Undo brings theirs back); left as it was, theirs stays.');
}

function textDone(result) {
  canvas.selectionLayer.style.visibility = '';
  if (editingGroup) editingGroup.style.visibility = '';
  editingGroup = null;
  // A text left as it was (and not restyled) comes back as no result: then someone else's change stays.
  if (!result || !state.editable) return;
  const { text, frame, style, id, label, lines } = result;
  const font = { font: style.family, size: style.size, bold: style.bold, italic: style.italic, align: style.alignment };
  if (id && !text) sendEdit({ type: 'selection', action: 'delete', ids: [id] });
  else if (id) sendEdit({ type: 'selection', action: 'editText', ids: [id], text, ...font });
  else if (text && label) {
    // Its lines centred on the shape's middle (a line is about 1.17 of the font's size, as Pango sets it).
    frame.y = label.middle - lines * style.size * 1.17 / 2;
    sendEdit({ type: 'insert', kind: 'text', text, frame, color: style.color, view: canvas.view, ...font, labelFor: label.of });
  } else if (text) sendEdit({ type: 'insert', kind: 'text', text, frame, color: style.color, view: canvas.view, ...font });
}

/// A dragged shape's geometry: a line's ends, or a frame (a square one with Shift held).
function shapeGeometry({ kind, start, end, square }) {
  if (kind === 'line' || kind === 'arrow') return { from: start, to: end };
  let width = end.x - start.x, height = end.y - start.y;
  if (square) {
    const side = Math.max(Math.abs(width), Math.abs(height));
    width = Math.sign(width || 1) * side;
    height = Math.sign(height || 1) * side;
  }
  return { frame: { x: Math.min(start.x, start.x + width), y: Math.min(start.y, start.y + height), width: Math.abs(width), height: Math.abs(height) } };
}

/// Pen up on a dragged shape: it is inserted where it was dragged (a tap puts one of the usual size
/// there), and its outline stays until the server's element replaces it.
function finishShape(phase) {
  const drag = shapeDrag;
  shapeDrag = null;
  markConnectionTargets([]);
  if (phase !== 'ended' || !state.editable) return canvas.removePending('shape');
  const { color, width, opacity } = toolbar.state;
  const message = { type: 'insert', kind: drag.kind, color, width, opacity, view: canvas.view, ...shapeStyle(drag.kind, toolbar.state) };
  const dragged = Math.hypot(drag.end.x - drag.start.x, drag.end.y - drag.start.y) * canvas.zoom >= 4;
  if (dragged) Object.assign(message, shapeGeometry(gridded(drag)), drag.connects && { connect: true });
  else message.at = drag.start;
  lastTap = null;
  const op = sendEdit(message);
  if (dragged && op) canvas.renamePending('shape', op);
  else canvas.removePending('shape');
}

/// A line or an arrow being dragged out attaches each end dropped on an element (not a stroke or a
/// line, nor a locked one) to it, as the server finds it (`connectionTargetAt`). The elements are
/// marked meanwhile; with Ctrl (⌘) held, neither end attaches. Both ends on one element attach
/// neither (a mark drawn on it).
function findConnections(drag, event) {
  drag.connects = !(event.ctrlKey || event.metaKey);
  drag.candidates ??= connectionCandidates();
  if (!('startTarget' in drag)) drag.startTarget = connectionTargetAt(drag.start, drag.candidates);
  let targets = drag.connects ? [drag.startTarget, connectionTargetAt(drag.end, drag.candidates)] : [null, null];
  if (targets[0] && targets[0] === targets[1]) targets = [null, null];
  markConnectionTargets(targets.filter(Boolean));
  drag.targets = targets;
  return targets;
}

/// A shape's drag (document points) with its ends on the grid in grid mode: an end attached to an
/// element stays where it was dropped (the element decides where it goes), and a side the grid
/// would close keeps a square of it.
function gridded(drag) {
  const grid = snapGrid();
  if (!grid) return drag;
  const [startTarget, endTarget] = drag.targets ?? [null, null];
  const start = startTarget ? drag.start : gridPoint(drag.start), end = endTarget ? drag.end : gridPoint(drag.end);
  const line = drag.kind === 'line' || drag.kind === 'arrow';
  if (line) return start.x === end.x && start.y === end.y ? drag : { ...drag, start, end };
  if (end.x === start.x) end.x = start.x + Math.sign(drag.end.x - drag.start.x || 1) * grid.step;
  if (end.y === start.y) end.y = start.y + Math.sign(drag.end.y - drag.start.y || 1) * grid.step;
  return { ...drag, start, end };
}

/// A line from `from` to `to` as the server will lay it out with its ends on `targets` (each an
/// element's node or null): an end dropped in the middle of a shape or a text is aimed at its
/// middle from the other end and stops short of its outline (4 pt and half the line's `width`).
/// A bent line (`bend`: its ends [x1, y1, x2, y2] and middle as they are) keeps its bend, and its
/// aimed ends stop along the curve; the result then has the curve's `middle`.
function connectedLine({ from, to }, targets, width, bend = null) {
  const aimed = targets.map((node, index) => node && aimsAtMiddle(node, index === 0 ? from : to));
  const aims = [from, to].map((point, index) => aimed[index] ?? point);
  const gap = 4 + width / 2;
  const curve = bend?.middle ? reshapedMiddle(bend.ends, bend.middle, aims[0], aims[1]) : null;
  const line = {
    from: aimed[0] ? stopShortOf(targets[0], aims[1], aims[0], gap, curve) : from,
    to: aimed[1] ? stopShortOf(targets[1], aims[0], aims[1], gap, curve) : to,
  };
  return curve ? { ...line, middle: reshapedMiddle(bend.ends, bend.middle, line.from, line.to) } : line;
}

/// A bent line's middle (document points) from its `data-middle`; null for a straight line.
function middleOf(node) {
  const [x, y] = (node.dataset.middle ?? '').split(' ').map(Number);
  return node.dataset.middle && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

/// An elbow line's corners (document points) from its `data-corners`; null for another line.
function cornersOf(node) {
  if (node.dataset.corners === undefined) return null;
  const values = node.dataset.corners.split(' ').filter(Boolean).map(Number);
  return Array.from({ length: Math.floor(values.length / 2) }, (_, index) => ({ x: values[2 * index], y: values[2 * index + 1] }));
}

/// Where an elbow line is halfway along, by length (where its label goes); null for another line.
function elbowHalfway(node) {
  const corners = cornersOf(node);
  if (!corners) return null;
  const [x1, y1, x2, y2] = node.dataset.line.split(' ').map(Number);
  const points = [{ x: x1, y: y1 }, ...corners, { x: x2, y: y2 }];
  const lengths = points.slice(1).map((point, index) => Math.hypot(point.x - points[index].x, point.y - points[index].y));
  let left = lengths.reduce((sum, length) => sum + length, 0) / 2;
  for (const [index, length] of lengths.entries()) {
    const a = points[index], b = points[index + 1];
    if (left <= length && length > 0) return { x: a.x + (b.x - a.x) * left / length, y: a.y + (b.y - a.y) * left / length };
    left -= length;
  }
  return points[points.length - 1];
}

/// The box an element's `frame` covers once turned (its turn about its centre).
function turnedBox(frame) {
  if (!frame) return null;
  const cos = Math.abs(Math.cos(frame.rotation)), sin = Math.abs(Math.sin(frame.rotation));
  const width = frame.width * cos + frame.height * sin, height = frame.width * sin + frame.height * cos;
  return { x: frame.x + (frame.width - width) / 2, y: frame.y + (frame.height - height) / 2, width, height };
}

/// One end of an elbow line on `node` (or free at `point` without one), as the server routes it:
/// aimed at the element's middle, it leaves from the middle of a side of its box, `gap` short of
/// its outline; pinned to a spot (`pinned`, or when null, dropped outside the element's inner part),
/// from that spot by the nearest side. With `matrix`, the element is where the selection's drag
/// takes it, and a side's middle stands for its outline.
function elbowEnd(node, point, gap, pinned = null, matrix = null) {
  let box = node && turnedBox(frameOf(node));
  if (!box) return freeEnd(point);
  if (matrix) {
    const corners = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]]
      .map(([x, y]) => new DOMPoint(x, y).matrixTransform(matrix));
    const xs = corners.map((corner) => corner.x), ys = corners.map((corner) => corner.y);
    box = { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  }
  if (pinned ?? !aimsAtMiddle(node, point)) return pinnedEnd(point, box);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  return sideEnd(box, (side, outward) => {
    const middle = { x: centre.x + outward.x * box.width / 2, y: centre.y + outward.y * box.height / 2 };
    if (matrix) return { x: middle.x + outward.x * gap, y: middle.y + outward.y * gap };
    const stop = stopShortOf(node, { x: middle.x + outward.x * (2 * gap + 1), y: middle.y + outward.y * (2 * gap + 1) }, centre, gap);
    return Math.hypot(stop.x - centre.x, stop.y - centre.y) > 1e-6 ? stop : null;
  });
}

/// An elbow line from `from` to `to` with its ends on `targets` (each an element's node or null),
/// routed as the server routes it; `pinned` says of an end already attached whether it is on a
/// spot, and `fractions` where its middle segment was dragged (data-elbow-middle). Its ends and its
/// `points`, first to last.
function elbowLine({ from, to }, targets, width, pinned = [null, null], fractions = null) {
  const gap = 4 + width / 2;
  const ends = [elbowEnd(targets[0], from, gap, pinned[0]), elbowEnd(targets[1], to, gap, pinned[1])];
  const exact = pinned.map((spot, index) => spot ?? (targets[index] && !aimsAtMiddle(targets[index], index ? to : from)));
  const middle = fractions && elbowMiddle(fractions, [targets[0], from, exact[0], null], [targets[1], to, exact[1], null]);
  const points = elbowRoute(ends[0], ends[1], middle);
  return { from: points[0], to: points[points.length - 1], points };
}

/// The route of the elbow line `node` while the selection is dragged by `matrix`: the ends whose
/// elements move go with them (`startMoves`, `endMoves`), to `from` and `to` when free.
function followingElbow(node, matrix, startMoves, endMoves, from, to) {
  const gap = 4 + lineWidthOf(node) / 2, { dataset } = node;
  const [start, end] = [dataset.start, dataset.end].map((id) => (id ? document.getElementById(id) : null));
  const middle = elbowMiddle(elbowFractionsOf(node), [start, from, !!dataset.startExact, startMoves ? matrix : null],
    [end, to, !!dataset.endExact, endMoves ? matrix : null]);
  return elbowRoute(elbowEnd(start, from, gap, !!dataset.startExact, startMoves ? matrix : null),
    elbowEnd(end, to, gap, !!dataset.endExact, endMoves ? matrix : null), middle);
}

/// An elbow line's dragged middle, as fractions of the way between its ends' references (its
/// `data-elbow-middle`); null when it has none.
function elbowFractionsOf(node) {
  const [x, y] = (node.dataset.elbowMiddle ?? '').split(' ').map(Number);
  return node.dataset.elbowMiddle && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

/// Where a dragged middle at `fractions` lies between two ends, each [node, point, exact, matrix]:
/// an end's reference is the middle of the element it aims at (moved by `matrix`), else its point.
function elbowMiddle(fractions, ...ends) {
  if (!fractions) return null;
  const [a, b] = ends.map(([node, point, exact, matrix]) => {
    const frame = node && !exact && frameOf(node);
    if (!frame) return point;
    const centre = new DOMPoint(frame.x + frame.width / 2, frame.y + frame.height / 2);
    return matrix ? centre.matrixTransform(matrix) : centre;
  });
  return { x: a.x + fractions.x * (b.x - a.x), y: a.y + fractions.y * (b.y - a.y) };
}

/// Where a bent line's `middle` goes when its ends [x1, y1, x2, y2] move to `from` and `to`: as far
/// along and across the new chord, in fractions of its length, as the server keeps a bend.
function reshapedMiddle([x1, y1, x2, y2], middle, from, to) {
  const cx = x2 - x1, cy = y2 - y1, length2 = cx * cx + cy * cy;
  const nx = to.x - from.x, ny = to.y - from.y, mx = (from.x + to.x) / 2, my = (from.y + to.y) / 2;
  if (!length2) return { x: mx, y: my };
  const ox = middle.x - (x1 + x2) / 2, oy = middle.y - (y1 + y2) / 2;
  const along = (ox * cx + oy * cy) / length2, across = (cx * oy - cy * ox) / length2;
  return { x: mx + nx * along - ny * across, y: my + ny * along + nx * across };
}

/// The point a fraction `t` along the curve from `from` to `to` through `middle` halfway (straight
/// without a middle).
function curvePoint(from, middle, to, t) {
  if (!middle) return { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
  const cx = 2 * middle.x - (from.x + to.x) / 2, cy = 2 * middle.y - (from.y + to.y) / 2, u = 1 - t;
  return { x: u * u * from.x + 2 * u * t * cx + t * t * to.x, y: u * u * from.y + 2 * u * t * cy + t * t * to.y };
}

/// An element's frame and turn, from its `data-frame` (document points, radians).
function frameOf(node) {
  const [x, y, width, height, rotation] = (node.dataset.frame ?? '').split(' ').map(Number);
  return Number.isFinite(width) ? { x, y, width, height, rotation: rotation || 0 } : null;
}

/// The middle of `node` when `point` (document points) lies in the middle 60 % of its frame each
/// way and it is a shape or a text; null otherwise (the end stays where it is dropped), as the
/// server decides.
function aimsAtMiddle(node, point) {
  const frame = frameOf(node);
  if (!frame || (node.dataset.kind !== 'shape' && node.dataset.kind !== 'textBox')) return null;
  const local = Canvas.unturned(point, frame);
  const [u, v] = [(local.x - frame.x) / (frame.width || 1), (local.y - frame.y) / (frame.height || 1)];
  if (u < 0.2 || u > 0.8 || v < 0.2 || v > 0.8) return null;
  return { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
}

/// Where a line from `origin` aimed at `aim`, inside `node`, stops: `gap` short of where it first
/// enters the outline the server uses (an ellipse's, a polygon's, a star's, a block arrow's, a
/// rounded rectangle's, a speech bubble's, a heart's or a cloud's drawn path; any other element's frame, turned), found
/// by stepping and halving; along the curve through `middle` when there is one.
function stopShortOf(node, origin, aim, gap, middle = null) {
  const frame = frameOf(node);
  const path = ['ellipse', 'regularPolygon', 'star', 'arrowShape', 'roundedRectangle', 'chatBubble', 'heart', 'cloud'].includes(node.dataset.shape) ? node.querySelector('path') : null;
  const pathLocal = path ? DOMMatrix.fromMatrix(path.getCTM()).inverse().multiply(DOMMatrix.fromMatrix(canvas.content.getCTM())) : null;
  const at = (t) => curvePoint(origin, middle, aim, t);
  const inside = (point) => {
    if (path) return path.isPointInFill(new DOMPoint(point.x, point.y).matrixTransform(pathLocal));
    const local = Canvas.unturned(point, frame);
    return local.x >= frame.x && local.x <= frame.x + frame.width && local.y >= frame.y && local.y <= frame.y + frame.height;
  };
  if (!frame || inside(at(0))) return aim;
  // The first of 32 steps inside, then halving between it and the step before: the first crossing,
  // as the server finds it, of a star's points or a curve bent into the shape as well.
  let [outside, within] = [0, 1];
  for (let step = 1; step <= 32; step++) {
    if (!inside(at(step / 32))) continue;
    [outside, within] = [(step - 1) / 32, step / 32];
    break;
  }
  for (let step = 0; step < 24; step++) {
    const half = (outside + within) / 2;
    if (inside(at(half))) within = half; else outside = half;
  }
  if (middle) {
    // Along the curve in 32 steps to the crossing, then back by the gap.
    const steps = Array.from({ length: 33 }, (_, index) => at(within * index / 32));
    const lengths = steps.slice(1).map((point, index) => Math.hypot(point.x - steps[index].x, point.y - steps[index].y));
    const reach = lengths.reduce((sum, length) => sum + length, 0);
    let left = reach > 2 * gap ? reach - gap : reach;
    for (const [index, length] of lengths.entries()) {
      if (left <= length && length > 0) return at(within * (index + left / length) / 32);
      left -= length;
    }
    return at(within);
  }
  const length = Math.hypot(aim.x - origin.x, aim.y - origin.y), reach = within * length;
  return at((reach > 2 * gap ? reach - gap : reach) / (length || 1));
}

/// What a line's end may attach to, topmost last, each with its frame: found once a drag, as the
/// document does not change under it meanwhile.
function connectionCandidates() {
  return [...canvas.content.querySelectorAll(':scope > g[data-frame]:not([data-locked])')]
    .map((node) => ({ node, frame: frameOf(node) })).filter(({ frame }) => frame);
}

/// The element an end at `point` (document points) attaches to, as the server finds it: the
/// topmost whose frame, turned as it is, holds the point within 4 pt.
function connectionTargetAt(point, candidates) {
  for (let index = candidates.length - 1; index >= 0; index--) {
    const { node, frame } = candidates[index], local = Canvas.unturned(point, frame);
    if (local.x >= frame.x - 4 && local.x <= frame.x + frame.width + 4 && local.y >= frame.y - 4 && local.y <= frame.y + frame.height + 4) return node;
  }
  return null;
}

function markConnectionTargets(nodes) {
  for (const node of canvas.content.querySelectorAll(':scope > g.connection-target')) if (!nodes.includes(node)) node.classList.remove('connection-target');
  for (const node of nodes) node.classList.add('connection-target');
}

/// While the selection is dragged, the lines attached to it (and not in it) follow: one attached at
/// both ends moves with it; one attached at one end is drawn from its other end to where the
/// moved end goes, in its colour, width and markers. The server lays them out exactly at the drop.
function attachedLinesPreview(followers, matrix) {
  for (const { node, startMoves, endMoves } of followers ?? []) {
    const key = `follows-${node.id}`;
    if (!matrix) {
      canvas.removePending(key);
      node.style.visibility = '';
      continue;
    }
    const ends = node.dataset.line.split(' ').map(Number), [x1, y1, x2, y2] = ends;
    const moved = (x, y, moves) => (moves ? new DOMPoint(x, y).matrixTransform(matrix) : { x, y });
    const [from, to] = [moved(x1, y1, startMoves), moved(x2, y2, endMoves)], middle = middleOf(node);
    if (cornersOf(node)) {
      showLineAs(key, node, from, to, null, followingElbow(node, matrix, startMoves, endMoves, from, to));
      continue;
    }
    showLineAs(key, node, from, to, middle && reshapedMiddle(ends, middle, from, to));
  }
}

/// The line `node` drawn from `from` to `to` (through `middle` when bent, along `points` when an
/// elbow line) under `key` as it is drawn now (colour, width, markers, dashes, opacity), the line
/// itself hidden meanwhile.
function showLineAs(key, node, from, to, middle = null, points = null) {
  const path = node.querySelector('path');
  const [startMarker, endMarker] = (node.dataset.markers ?? 'none none').split(' ');
  node.style.visibility = 'hidden';
  const preview = canvas.showShapePreview(key, 'arrow', { from, to, through: middle, points }, path?.getAttribute('stroke') ?? '#1c1c1e',
    { width: lineWidthOf(node), startMarker, endMarker, drawn: true });
  for (const name of ['stroke-dasharray', 'opacity']) {
    const value = path?.getAttribute(name) ?? node.getAttribute(name);
    if (value) preview.setAttribute(name, value);
  }
}

/// The width a line's `node` is drawn in, in document points.
const lineWidthOf = (node) => Number(node.querySelector('path')?.getAttribute('stroke-width') ?? 2);

/// The lines attached to the selection and not in it, each with which of its ends move with it.
function attachedLines(ids = state.selection.ids) {
  const selected = new Set(ids.map((id) => `e-${id}`));
  return [...canvas.content.querySelectorAll(':scope > g[data-line][data-start], :scope > g[data-line][data-end]')]
    .filter((node) => !selected.has(node.id) && (selected.has(node.dataset.start) || selected.has(node.dataset.end)))
    .map((node) => ({ node, startMoves: selected.has(node.dataset.start), endMoves: selected.has(node.dataset.end) }));
}

/// The text highlighter: while the drag goes on the server is asked which text it selects (one
/// question at a time, the latest drag's next), and its boxes show; at the end the highlight is
/// asked for, shown until the server's boxes replace it (offline, kept in the outbox until the
/// server is back).
let highlightDrag = null; // { pointer, from, to (document points), asking, askAgain }
function askForTextBoxes() {
  if (highlightDrag.asking) {
    highlightDrag.askAgain = true;
    return;
  }
  highlightDrag.asking = send({ type: 'selectText', from: highlightDrag.from, to: highlightDrag.to });
}

function showTextBoxes(boxes) {
  if (!highlightDrag) return;
  canvas.showBoxes('highlight', boxes, toolbar.state.color, Canvas.highlightOpacity);
  highlightDrag.asking = false;
  if (highlightDrag.askAgain) {
    highlightDrag.askAgain = false;
    askForTextBoxes();
  }
}

function finishHighlight(phase) {
  const { from, to } = highlightDrag;
  highlightDrag = null;
  const dragged = Math.hypot(to.x - from.x, to.y - from.y) * canvas.zoom >= 4;
  const op = phase === 'ended' && dragged && state.editable ? sendEdit({ type: 'highlight', from, to, color: toolbar.state.color }) : null;
  if (op) canvas.renamePending('highlight', op);
  else canvas.removePending('highlight');
}

/// The space tool: from the line pressed on, what this page holds below it moves with the drag (as
/// the server will move it: locked elements and those across the line stay), a band showing the
/// room made; at the end the server is asked to make it. The moved elements keep their place here
/// until the server's change replaces them, or go back when it refuses.
let spaceDrag = null; // { pointer, y, distance, nodes }
function beginSpace(pointer, y) {
  const nodes = [...canvas.content.querySelectorAll(':scope > g:not([data-locked])')].filter((node) => boxOf(node).y >= y);
  spaceDrag = { pointer, y, distance: 0, nodes };
}

function moveSpace(y) {
  spaceDrag.distance = y - spaceDrag.y;
  for (const node of spaceDrag.nodes) node.setAttribute('transform', `translate(0 ${spaceDrag.distance})`);
  canvas.showSpace('space', spaceDrag.y, spaceDrag.distance);
}

function finishSpace(phase) {
  const { y, distance, nodes } = spaceDrag;
  spaceDrag = null;
  canvas.removePending('space');
  const op = phase === 'ended' && Math.abs(distance) * canvas.zoom >= 4 && state.editable ? sendEdit({ type: 'space', at: y, by: distance }) : null;
  if (op) spaceMoves.set(op, nodes);
  else for (const node of nodes) node.removeAttribute('transform');
}

/// Elements moved ahead of the server, by the space edit that moves them: let go when it settles.
const spaceMoves = new Map();
function settleSpace(op) {
  for (const node of spaceMoves.get(op) ?? []) node.removeAttribute('transform');
  spaceMoves.delete(op);
}

/// Two fingers tapped together undo, and three redo, as in Procreate and GoodNotes: fingers down
/// and up again within 300 ms, none moving more than 10 pixels, and no pen drawing meanwhile. The
/// view is put back where it was before the tap's small pinch moved it.
const TAP_MILLISECONDS = 300, TAP_SLOP = 10;
let fingerTap = null; // { started, fingers, origins: id → view point, frame, spoiled }

function fingerDown(event) {
  if (touches.size === 1) fingerTap = { started: event.timeStamp, fingers: 0, origins: new Map(), frame: { ...canvas.frame }, spoiled: false };
  if (!fingerTap) return;
  fingerTap.fingers = Math.max(fingerTap.fingers, touches.size);
  fingerTap.origins.set(event.pointerId, viewPoint(event));
  if (gesture === 'draw' && drawingWith !== 'touch') fingerTap.spoiled = true;
}

function fingerMoved(event) {
  const origin = fingerTap?.origins.get(event.pointerId);
  if (!origin) return;
  const point = viewPoint(event);
  if (Math.hypot(point.x - origin.x, point.y - origin.y) > TAP_SLOP) fingerTap.spoiled = true;
}

function fingerUp(event, phase) {
  if (!fingerTap?.origins.has(event.pointerId)) return;
  if (phase !== 'ended' || event.timeStamp - fingerTap.started > TAP_MILLISECONDS) fingerTap.spoiled = true;
  if (touches.size > 0) return;
  const tap = fingerTap;
  fingerTap = null;
  if (tap.spoiled || tap.fingers < 2 || tap.fingers > 3) return;
  Object.assign(canvas.frame, tap.frame);
  canvas.applyFrame();
  if (!state.editable) return;
  const redo = tap.fingers === 3;
  if ($(redo ? 'redo' : 'undo').disabled && connection.isReady) return toast(redo ? 'Nothing to redo.' : 'Nothing to undo.');
  if (undoOrRedo(redo)) toast(redo ? 'Redone.' : 'Undone.');
}

function endPointer(event, phase) {
  touches.delete(event.pointerId);
  if (event.pointerType === 'touch') fingerUp(event, phase);
  if (phase === 'ended' && press?.pointer === event.pointerId) {
    const view = viewPoint(event);
    if (Math.hypot(view.x - press.view.x, view.y - press.view.y) < 4) {
      lastTap = press.point;
      lastTapAt = event.timeStamp;
    }
  }
  if (gesture === 'shape' && shapeDrag && event.pointerId === shapeDrag.pointer) finishShape(phase);
  if (gesture === 'highlight' && event.pointerId === highlightDrag?.pointer) finishHighlight(phase);
  if (gesture === 'space' && event.pointerId === spaceDrag?.pointer) finishSpace(phase);
  if (gesture === 'laser' && event.pointerId === press?.pointer) {
    lasers.add('me', null);
    gesture = null;
  }
  if (ruler.holds(event.pointerId) && ruler.release(event.pointerId) && gesture === 'ruler') gesture = null;
  if (gesture === 'draw' && event.pointerId === drawingPointer) {
    drawingPointer = null;
    selecting = null;
    canvas.removePending('selecting');
    const last = phase === 'ended' ? strokeSamples(event) : [];
    ruler.stopFollowing();
    const tool = toolbar.state.tool;
    clearTimeout(stroke?.hold?.timer);
    if (stroke?.held) {
      if (phase === 'ended') insertHeldShape(stroke);
    } else if (stroke && phase === 'ended') {
      // The whole stroke is the edit: kept with every sample, so it can be sent again on its own.
      stroke.samples.push(...last);
      const { settings, pointerType, samples: all, view, handle } = stroke;
      const preview = strokePreview(stroke);
      let drawn = false;
      if (handle !== null) {
        try {
          canvas.updateInk('drawing', ink.append(handle, last, true), stroke.style);
          drawn = true;
        } catch { /* shown as a line below */ }
        ink.end(handle);
      }
      const op = sendEdit({ type: 'stroke', tool: settings.tool, color: settings.color, opacity: settings.opacity, width: settings.width,
        ...(settings.scratchOut && { scratchOut: true }), ...(settings.pressure !== undefined && { pressure: settings.pressure }), pointerType, samples: all, view }, preview);
      // The stroke stays as drawn here until the server's own element has replaced it (at its ack).
      if (drawn) canvas.renamePending('drawing', op);
      else if (!connection.isOpen) showPendingStroke({ op, preview });
    } else if (!stroke && phase === 'ended' && tool !== 'lasso' && tool !== 'select') {
      sendEdit({ type: 'pointer', phase, pointerType: event.pointerType, samples: last });
    } else {
      if (stroke && stroke.handle !== null) ink.end(stroke.handle);
      if (!stroke || stroke.streamed) send({ type: 'pointer', phase: stroke ? 'cancelled' : phase, pointerType: event.pointerType, samples: last });
    }
    canvas.removePending('drawing');
    stroke = null;
    if (heldWhileDrawing.length) setTimeout(releaseHeld, 0);
  }
  if (toolBeforeEraser && event.pointerId === press?.pointer) {
    toolbar.choose(toolBeforeEraser);
    toolBeforeEraser = null;
  }
  if (touches.size === 0 && drawingPointer === null) gesture = null;
  lastPan = null;
  host.classList.remove('panning');
}
host.addEventListener('pointerup', (event) => endPointer(event, 'ended'));
host.addEventListener('pointerleave', () => presence.moved(null, false));
host.addEventListener('pointercancel', (event) => endPointer(event, 'cancelled'));

host.addEventListener('wheel', (event) => {
  event.preventDefault();
  const point = viewPoint(event);
  if (event.ctrlKey || event.metaKey) {
    // A mouse wheel's notch (100 pixels) zooms by about 22 %; a trackpad's pinch, in its small steps.
    const pixels = event.deltaY * (event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1);
    canvas.zoomBy(Math.min(Math.max(Math.exp(-pixels * 0.002), 0.5), 2), point.x, point.y);
  } else {
    canvas.panBy(-event.deltaX, -event.deltaY);
  }
}, { passive: false });

const ZOOM_STEP = 1.25;
$('zoom-in').addEventListener('click', () => canvas.zoomTo(canvas.zoom * ZOOM_STEP));
$('zoom-out').addEventListener('click', () => canvas.zoomTo(canvas.zoom / ZOOM_STEP));
$('zoom-level').addEventListener('click', () => canvas.zoomTo(1));
$('zoom-fit').addEventListener('click', () => canvas.fitPage());
$('help').addEventListener('click', showShortcuts);

/// The list of keys, from its top: the focus on its title (Close, taking it, scrolled the list to its end).
function showShortcuts() {
  $('shortcuts').showModal();
  $('shortcuts-title').focus();
}

// ---- Selection: a box with handles to move, resize, rotate and delete

const SVG = 'http://www.w3.org/2000/svg';
let selectionDrag = null;

function renderSelection() {
  if (cropEditor.isOpen) {
    // The picture being cropped drawn anew (moved by another page, or gone) ends the crop.
    const node = cropEditor.state.node;
    if (state.editable && node.isConnected && canvas.elements.get(cropEditor.state.id)?.node === node) return cropEditor.draw();
    cropEditor.close(false);
  }
  const layer = canvas.selectionLayer;
  layer.replaceChildren();
  // A line selected alone shows what its ends are attached to.
  for (const node of canvas.content.querySelectorAll(':scope > g.attached-target')) node.classList.remove('attached-target');
  const attached = selectedLine()?.node.dataset;
  for (const id of [attached?.start, attached?.end]) if (id) document.getElementById(id)?.classList.add('attached-target');
  const selection = state.selection;
  if (!selection || !selection.bounds || !state.editable) return;
  const { x, y, width, height } = selection.bounds;
  const scale = 1 / canvas.zoom;
  const box = document.createElementNS(SVG, 'rect');
  Object.entries({ x, y, width, height, class: 'selection-box', 'stroke-width': 1.5 * scale, 'data-testid': 'selection-box' })
    .forEach(([name, value]) => box.setAttribute(name, value));
  layer.append(box);
  // A line alone has a handle at each end, to drag it there (and onto what it attaches to); other
  // selections eight resize handles (corners and edges; the bottom right one is `handle-resize`)
  // and rotation above the top edge, fewer on a small one (`MINIMUM_SPAN`). Delete at the top left.
  const line = selectedLine();
  const handles = line
    ? [['end', line.ends[0], line.ends[1], 'handle-line-start', 'start', 7], ['end', line.ends[2], line.ends[3], 'handle-line-end', 'end', 7]]
    : Object.entries(RESIZE_HANDLES).filter(([edges]) => resizeHandleFits(edges, width / scale, height / scale)).map(([edges, [fx, fy]]) =>
      ['resize', x + width * fx, y + height * fy, edges === 'se' ? 'handle-resize' : `handle-resize-${edges}`, edges, 6]);
  if (!line && width / scale >= MINIMUM_SPAN.rotate) handles.push(['rotate', x + width / 2, y - 28 * scale, 'handle-rotate', null, 9]);
  // And a handle halfway along to bend it (tldraw's), unless the line is too short on screen to
  // hold three handles apart; an elbow line's on its middle segment, to move that segment.
  const [x1, y1, x2, y2] = line?.ends ?? [];
  if (line && !line.corners && Math.hypot(x2 - x1, y2 - y1) / scale >= 48) {
    const middle = line.middle ?? { x: (x1 + x2) / 2, y: (y1 + y2) / 2 };
    handles.push(['bend', middle.x, middle.y, 'handle-line-middle', null, 6]);
  }
  const segment = line?.corners && middleSegmentOf([{ x: x1, y: y1 }, ...line.corners, { x: x2, y: y2 }]);
  if (segment) handles.push(['bend', segment.x, segment.y, 'handle-line-middle', null, 6]);
  handles.push(['delete', x, y - 28 * scale, 'handle-delete', null, 9]);
  // A finger gets a target 44 px across around each handle but delete (which it must not hit by
  // missing another), as Apple's guidelines ask; where targets overlap, the nearest handle is taken.
  // On a small selection they leave its middle free, for a press that moves it.
  const touch = matchMedia('(pointer: coarse)').matches;
  const reach = (kind) => (kind === 'resize' ? Math.max(Math.min(22, Math.min(width, height) / scale / 3), 6) : 22);
  const circle = ([kind, cx, cy, , which], attributes) => {
    const node = document.createElementNS(SVG, 'circle');
    Object.entries({ cx, cy, ...attributes }).forEach(([name, value]) => node.setAttribute(name, value));
    node.dataset.kind = kind;
    if (kind === 'resize') node.dataset.edges = which;
    if (kind === 'end') node.dataset.end = which;
    layer.append(node);
  };
  if (touch) for (const handle of handles.filter(([kind]) => kind !== 'delete')) circle(handle, { r: reach(handle[0]) * scale, class: 'handle-target' });
  for (const handle of handles) {
    const [kind, cx, cy, testid, which, radius] = handle, edges = kind === 'resize' ? which : null;
    circle(handle, { r: radius * scale, class: `handle handle-${kind}${edges ? ` handle-${edges}` : ''}`, 'stroke-width': 1.5 * scale, 'data-testid': testid });
    if (kind === 'delete') {
      // An × on the delete handle says what it does, beside the rotation handle.
      const arm = radius * 0.45 * scale, mark = document.createElementNS(SVG, 'path');
      Object.entries({ d: `M${cx - arm} ${cy - arm}L${cx + arm} ${cy + arm}M${cx + arm} ${cy - arm}L${cx - arm} ${cy + arm}`, class: 'handle-delete-mark', 'stroke-width': 1.6 * scale })
        .forEach(([name, value]) => mark.setAttribute(name, value));
      layer.append(mark);
    }
  }
}

/// The least a selection spans on screen, in pixels, for handles that would otherwise crowd each
/// other and the selection itself, so that a press on a small one moves it: edge handles need room
/// between the corners, the corners room between each other (else the bottom right one alone is
/// drawn), that one room beside the ink (a dot smaller has none: zoomed in, it has them again),
/// and the rotation handle room from delete.
const MINIMUM_SPAN = { edge: 40, corner: 24, any: 16, rotate: 44 };

/// Whether the resize handle at `edges` is drawn on a selection `width` × `height` pixels on screen.
function resizeHandleFits(edges, width, height) {
  if (Math.max(width, height) < MINIMUM_SPAN.any) return false;
  if (width < MINIMUM_SPAN.corner || height < MINIMUM_SPAN.corner) return edges === 'se';
  if (edges.length === 2) return true;
  return (edges === 'n' || edges === 's' ? width : height) >= MINIMUM_SPAN.edge;
}

/// The handle a press on the selection layer works: the one pressed, or for a finger's target the
/// drawn handle nearest the press.
function pressedHandle(event) {
  if (!event.target.classList.contains('handle-target')) return event.target;
  const handles = [...canvas.selectionLayer.querySelectorAll('.handle:not(.handle-delete)')];
  const distance = (node) => {
    const box = node.getBoundingClientRect();
    return Math.hypot(box.x + box.width / 2 - event.clientX, box.y + box.height / 2 - event.clientY);
  };
  return handles.reduce((best, node) => (distance(node) < distance(best) ? node : best));
}

/// The one line selected, alone or with its labels (a tap selects its group whole), with its node
/// and its ends in document points [x1, y1, x2, y2]; null for any other selection.
function selectedLine() {
  const nodes = (state.selection?.ids ?? []).map((id) => canvas.elements.get(id)?.node);
  const lines = nodes.filter((node) => node?.dataset.line);
  if (lines.length !== 1 || !nodes.every((node) => node === lines[0] || node?.dataset.kind === 'textBox')) return null;
  const node = lines[0];
  return { node, ends: node.dataset.line.split(' ').map(Number), middle: middleOf(node), corners: cornersOf(node), elbowMiddle: elbowFractionsOf(node) };
}

/// A line's end dragged: the line is drawn from its other end to the pointer as it goes (Shift: in
/// 15° steps), in its own style, and the element the end will attach to is marked (none with Ctrl
/// or ⌘ held, nor the one the other end is attached to).
function dragLineEnd(event) {
  const drag = selectionDrag, point = viewPoint(event);
  let at = canvas.toDocument(point.x, point.y);
  const [x1, y1, x2, y2] = drag.line.ends;
  const fixed = drag.end === 'start' ? { x: x2, y: y2 } : { x: x1, y: y1 };
  // On the grid once the pointer has gone 4 px, unless it is over what the end may attach to.
  const over = !(event.ctrlKey || event.metaKey) && connectionTargetAt(at, drag.candidates);
  if (!over && Math.hypot(point.x - drag.start.x, point.y - drag.start.y) >= 4) at = gridPoint(at);
  if (event.shiftKey) {
    const step = Math.PI / 12, length = Math.hypot(at.x - fixed.x, at.y - fixed.y);
    const angle = Math.round(Math.atan2(at.y - fixed.y, at.x - fixed.x) / step) * step;
    at = { x: fixed.x + length * Math.cos(angle), y: fixed.y + length * Math.sin(angle) };
  }
  drag.to = at;
  drag.connects = !(event.ctrlKey || event.metaKey);
  const found = drag.connects ? connectionTargetAt(at, drag.candidates) : null;
  const other = drag.end === 'start' ? drag.line.node.dataset.end : drag.line.node.dataset.start;
  const target = found && found.id !== other ? found : null;
  markConnectionTargets(target ? [target] : []);
  const [from, to] = drag.end === 'start' ? [at, fixed] : [fixed, at];
  const targets = drag.end === 'start' ? [target, null] : [null, target];
  if (drag.line.corners) {
    // The end kept stays on what it is attached to (on its spot, when exact), routed with it.
    const kept = drag.end === 'start' ? 1 : 0, { dataset } = drag.line.node, pinned = [null, null];
    const id = kept ? dataset.end : dataset.start;
    if (id) targets[kept] = document.getElementById(id);
    pinned[kept] = !!(kept ? dataset.endExact : dataset.startExact);
    const shown = elbowLine({ from, to }, targets, lineWidthOf(drag.line.node), pinned, drag.line.elbowMiddle);
    showLineAs('line-end', drag.line.node, shown.from, shown.to, null, shown.points);
  } else {
    const shown = connectedLine({ from, to }, targets, lineWidthOf(drag.line.node), drag.line);
    showLineAs('line-end', drag.line.node, shown.from, shown.to, shown.middle);
  }
  drag.handle.setAttribute('cx', at.x);
  drag.handle.setAttribute('cy', at.y);
}

/// Where the ends of `line` (as `selectedLine` gives it) go when it is bent through `middle`, as
/// the server lays it out: an end aimed at an element (attached, not on a fixed spot) stops short
/// of its outline along the new curve, and the curve is bent again through `middle` between the
/// ends that gives, a few times over.
function bentLine(line, middle) {
  const [x1, y1, x2, y2] = line.ends, width = lineWidthOf(line.node);
  const targets = [line.node.dataset.start, line.node.dataset.end].map((id) => (id ? document.getElementById(id) : null));
  let ends = [{ x: x1, y: y1 }, { x: x2, y: y2 }];
  const exact = [line.node.dataset.startExact, line.node.dataset.endExact];
  const aims = targets.map((target, index) => {
    const frame = target && !exact[index] && frameOf(target);
    return frame ? { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 } : null;
  });
  if (!aims[0] && !aims[1]) return { from: ends[0], to: ends[1] };
  for (let round = 0; round < 4; round++) {
    const from = aims[0] ?? ends[0], to = aims[1] ?? ends[1];
    const aimed = reshapedMiddle([ends[0].x, ends[0].y, ends[1].x, ends[1].y], middle, from, to);
    ends = [aims[0] ? stopShortOf(targets[0], to, from, 4 + width / 2, aimed) : ends[0],
      aims[1] ? stopShortOf(targets[1], from, to, 4 + width / 2, aimed) : ends[1]];
  }
  return { from: ends[0], to: ends[1] };
}

/// A line's middle handle dragged: the line is drawn bent through the pointer, its ends staying;
/// let go within 8 px of the chord's middle, it straightens (`drag.to` null).
function dragBend(event) {
  if (selectionDrag.line.corners) return dragElbowMiddle(event);
  const drag = selectionDrag, point = viewPoint(event), at = canvas.toDocument(point.x, point.y);
  const [x1, y1, x2, y2] = drag.line.ends, from = { x: x1, y: y1 }, to = { x: x2, y: y2 };
  const straight = Math.hypot(at.x - (x1 + x2) / 2, at.y - (y1 + y2) / 2) * canvas.zoom < 8;
  // A tap's jitter is no bend (a double tap there labels the line).
  if (!drag.moved && Math.hypot(point.x - drag.start.x, point.y - drag.start.y) < 4) return;
  drag.to = straight ? null : at;
  drag.moved = true;
  const shown = drag.to ? bentLine(drag.line, drag.to) : { from, to };
  showLineAs('line-end', drag.line.node, shown.from, shown.to, drag.to);
  drag.handle.setAttribute('cx', straight ? (x1 + x2) / 2 : at.x);
  drag.handle.setAttribute('cy', straight ? (y1 + y2) / 2 : at.y);
}


/// An elbow line's middle handle dragged: the line is drawn routed with its middle segment through
/// the pointer; let go within 8 px of where the segment goes unmoved, it is routed halfway again
/// (`drag.to` null).
function dragElbowMiddle(event) {
  const drag = selectionDrag, point = viewPoint(event), at = canvas.toDocument(point.x, point.y);
  if (!drag.moved && Math.hypot(point.x - drag.start.x, point.y - drag.start.y) < 4) return;
  drag.moved = true;
  const halfway = routeOfSelectedElbow(drag.line, null), home = middleSegmentOf(halfway);
  const back = home && Math.hypot(at.x - home.x, at.y - home.y) * canvas.zoom < 8;
  drag.to = back ? null : at;
  const points = back ? halfway : routeOfSelectedElbow(drag.line, at);
  showLineAs('line-end', drag.line.node, points[0], points[points.length - 1], null, points);
  const handle = middleSegmentOf(points) ?? at;
  drag.handle.setAttribute('cx', handle.x);
  drag.handle.setAttribute('cy', handle.y);
}

/// The selected elbow line (as `selectedLine` gives it) routed as the server routes it, its
/// middle segment through `middle` (document points), or halfway when null.
function routeOfSelectedElbow(line, middle) {
  const [x1, y1, x2, y2] = line.ends, { dataset } = line.node;
  const targets = [dataset.start, dataset.end].map((id) => (id ? document.getElementById(id) : null));
  const gap = 4 + lineWidthOf(line.node) / 2;
  return elbowRoute(elbowEnd(targets[0], { x: x1, y: y1 }, gap, !!dataset.startExact),
    elbowEnd(targets[1], { x: x2, y: y2 }, gap, !!dataset.endExact), middle);
}

/// The box a resize handle's drag by (dx, dy) makes: the edges it names move, the others stay;
/// with `keepAspect` a corner keeps the proportions. With `flipX`, `flipY`: whether it was dragged
/// past the opposite edge, across or down.
function resizedBounds({ x, y, width, height }, edges, dx, dy, keepAspect) {
  let left = x, top = y, right = x + width, bottom = y + height;
  if (edges.includes('w')) left += dx;
  if (edges.includes('e')) right += dx;
  if (edges.includes('n')) top += dy;
  if (edges.includes('s')) bottom += dy;
  if (keepAspect && edges.length === 2) {
    // The larger scale both ways, each side keeping the way it was dragged (past the other, mirrored).
    const across = right - left, down = bottom - top;
    const scale = Math.max(Math.abs(across) / width, Math.abs(down) / height);
    const wide = (across < 0 ? -1 : 1) * width * scale, tall = (down < 0 ? -1 : 1) * height * scale;
    if (edges.includes('w')) left = right - wide; else right = left + wide;
    if (edges.includes('n')) top = bottom - tall; else bottom = top + tall;
  }
  // Dragged past the opposite edge, the box is mirrored that way (as in tldraw and Excalidraw); it
  // keeps at least a point each way.
  return {
    x: Math.min(left, right), y: Math.min(top, bottom), width: Math.max(Math.abs(right - left), 1), height: Math.max(Math.abs(bottom - top), 1),
    flipX: right < left, flipY: bottom < top,
  };
}
// The server sends what the view shows; after a pan or zoom, it is asked for what came into view.
let viewTimer = null;
function sendView() { connection.send({ type: 'view', view: canvas.view }); }

/// Where this browser last had the document in view, kept for its next visit (a reload, the
/// library's card), as a PDF's reader keeps the page one was on.
const KEPT_VIEW_KEY = `markupkit.view.${documentID}`;
let keptViewShown = false;
function keepView() {
  const { x, y, width, height, viewWidth } = canvas.view;
  try { localStorage.setItem(KEPT_VIEW_KEY, JSON.stringify({ x, y, width, height, viewWidth })); } catch { /* not kept: the next visit starts at the top */ }
}

/// Shows the view kept from the last visit, once, when there is one and it lies on the document.
function showKeptView() {
  if (keptViewShown) return;
  keptViewShown = true;
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(KEPT_VIEW_KEY)); } catch { /* none */ }
  if (!kept || ![kept.x, kept.y, kept.width, kept.height, kept.viewWidth].every(Number.isFinite) || kept.width <= 0 || kept.viewWidth <= 0) return;
  if (!intersects(kept, canvas.bounds)) return;
  const zoom = kept.viewWidth / kept.width;
  if (canvas.clampZoom(zoom) !== zoom) return;
  canvas.restoreView(kept);
}
canvas.onFrameChange = () => {
  // A view moved here, not by the one followed, stops following; a window resized or the toolbar
  // wrapping shows the followed view again, whole.
  if (presence.following && !showingFollowedView) {
    if (!canvas.resizing) follow(null);
    else if (followedView) queueMicrotask(() => { if (presence.following && followedView) showFollowedView(followedView); });
  }
  if (canvas.resizing) placePageStrip();
  placeAddSheet();
  markCurrentPage();
  ruler.draw();
  renderSelection();
  if (toolbar.state.tool === 'eraser') showToolCursor();
  presence.reposition();
  textEditor.place();
  $('zoom-level').textContent = `${Math.round(canvas.zoom * 100)} %`;
  // At most every 120 ms while the view moves (a page following this one sees it move), the
  // latest view last.
  if (!viewTimer) {
    viewTimer = setTimeout(() => {
      viewTimer = null;
      sendView();
      // Another's view (followed, or presented) is not where this browser left the document.
      if (keptViewShown && !presence.following && !presentation.isOn) keepView();
    }, 120);
  }
};

/// Follows the view of the peer that goes by `peer` (tldraw's and Excalidraw's follow: what they
/// see, this page shows, the canvas outlined in their color), or stops (null).
function follow(peer) {
  const leader = peer && presence.peers.get(peer);
  if (peer && !leader) return;
  if (!connection.send({ type: 'follow', peer: leader ? peer : null }) && leader) return toast('Following someone needs the server.');
  presence.following = leader ? peer : null;
  if (!leader) followedView = null;
  presence.render();
  host.classList.toggle('following', Boolean(leader));
  if (leader) {
    host.style.setProperty('--following', leader.color);
    toast(`Following ${leader.name}. Move the view or press Esc to stop.`);
  }
}

/// Whether the view is being set to the followed peer's (so the change does not stop following).
let showingFollowedView = false;
/// The followed peer's latest view, shown again when this page's view changes size.
let followedView = null;
/// Shows `view` (document points), what the followed peer sees, whole.
function showFollowedView(view) {
  followedView = view;
  showingFollowedView = true;
  try {
    canvas.fit(view, 0);
  } finally {
    showingFollowedView = false;
  }
}

/// The ids of the elements of `group` that this page holds.
function groupMembers(group) {
  return [...canvas.content.querySelectorAll(`:scope > g[data-group="${CSS.escape(group)}"]`)].map((node) => node.id.slice(2));
}

/// Shift+click with the select tool adds the element under the pointer to the selection, or takes
/// it out (looking through the selection's box, which covers what it holds), with its group.
/// Whether it did.
function toggledInSelection(event) {
  if (!event.shiftKey || toolbar.state.tool !== 'select') return false;
  const group = elementAt(event.clientX, event.clientY);
  if (!group?.id?.startsWith('e-')) return false;
  const ids = new Set(state.selection?.ids ?? []);
  // A grouped element comes in or goes out with its group.
  const members = group.dataset.group ? groupMembers(group.dataset.group) : [group.id.slice(2)];
  const adding = !ids.has(group.id.slice(2));
  for (const member of members) {
    if (adding) ids.add(member); else ids.delete(member);
  }
  send({ type: 'selection', action: 'set', ids: [...ids] });
  event.preventDefault();
  return true;
}

/// Tools a press on the selection's box is for, as anywhere else: they make something or act on the
/// page (a shape drawn inside the one just drawn, text typed or edited there, an erasure), as in
/// tldraw and Excalidraw.
const TOOLS_THROUGH_THE_BOX = new Set(['shape', 'text', 'eraser', 'laser', 'hand', 'space', 'textHighlight']);

/// Whether a press on the selection's box goes to the tool rather than moving the selection: one of
/// those tools, panning (Space held, or viewing only), or a pen writing with an ink in hand, which
/// writes over the selection (what was just pasted, say), as in GoodNotes and PencilKit. With the
/// select and lasso tools, and an ink with a finger or the mouse, the box moves the selection; its
/// handles always do what they show.
const pressGoesThroughBox = (event) => Boolean(event.target.closest?.('.selection-box')) && (
  TOOLS_THROUGH_THE_BOX.has(toolbar.state.tool) || spaceHeld || !state.editable
  || (event.pointerType === 'pen' && INKS.some(([name]) => name === toolbar.state.tool)));

canvas.selectionLayer.addEventListener('pointerdown', (event) => {
  giveKeysToPage();
  if (cropEditor.isOpen) {
    event.stopPropagation();
    const pressed = pressedHandle(event);
    if (pressed.dataset.kind !== 'crop') return;
    canvas.selectionLayer.setPointerCapture(event.pointerId);
    const point = viewPoint(event);
    cropEditor.begin(canvas.toDocument(point.x, point.y), pressed.dataset.edges ?? null, event.pointerId);
    return;
  }
  const pressed = pressedHandle(event);
  const kind = pressed.dataset.kind || (pressed.classList.contains('selection-box') ? 'move' : null);
  if (!kind || !state.selection || opensMenu(event)) return;
  if (kind === 'move' && pressGoesThroughBox(event)) return;
  // With Pen only on, a finger (a resting palm) neither moves nor deletes the selection: it pans.
  if (state.penOnly && event.pointerType === 'touch') return;
  event.stopPropagation();
  // A second finger while one drags (a pinch begun on the selection) calls the drag off: nothing
  // moves, rather than the selection jumping between the fingers.
  if (callSelectionDragOff()) return;
  if (kind === 'move' && toggledInSelection(event)) return;
  if (kind === 'delete') return sendEdit({ type: 'selection', action: 'delete', ids: state.selection.ids });
  canvas.selectionLayer.setPointerCapture(event.pointerId);
  const start = viewPoint(event);
  // Dragged with Alt (Option) held, the selection is copied where it is dropped: a ghost of it moves.
  const ghost = kind === 'move' && event.altKey && state.editable ? selectionGhost() : null;
  selectionDrag = { kind, edges: pressed.dataset.edges || 'se', start, bounds: { ...state.selection.bounds }, current: start, ghost, pointer: event.pointerId };
  // Pictures keep their proportions from a corner unless Shift is held, as in tldraw and Excalidraw.
  if (kind === 'resize') selectionDrag.picturesOnly = state.selection.ids.every((id) => canvas.elements.get(id)?.node.dataset.kind === 'image');
  // What the drag may attach to, and the lines that follow it, found once: the document does not
  // change under the pointer meanwhile.
  if (kind === 'end') Object.assign(selectionDrag, { end: pressed.dataset.end, handle: pressed, line: selectedLine(), candidates: connectionCandidates() });
  if (kind === 'bend') Object.assign(selectionDrag, { handle: pressed, line: selectedLine() });
  if (kind === 'move' || kind === 'resize' || kind === 'rotate') selectionDrag.followers = attachedLines();
});

/// A press with the select tool on an element outside the selection selects it (its group whole,
/// as a tap there does) and drags it at once, as in tldraw and Excalidraw: shown selected here at
/// once, the server told. Whether it did. Inside a hollow shape a drag is a marquee still (a tap
/// there selects the shape).
function grabbedElement(event) {
  if (!state.editable || event.button !== 0) return false;
  const node = drawnElementAt(event.clientX, event.clientY);
  if (!node?.id?.startsWith('e-')) return false;
  const ids = node.dataset.group ? groupMembers(node.dataset.group) : [node.id.slice(2)];
  const boxes = ids.map((id) => canvas.elements.get(id)?.node).filter(Boolean).map(boxOf);
  const left = Math.min(...boxes.map((box) => box.x)), top = Math.min(...boxes.map((box) => box.y));
  const bounds = { x: left, y: top, width: Math.max(...boxes.map((box) => box.x + box.width)) - left, height: Math.max(...boxes.map((box) => box.y + box.height)) - top };
  // A group is picked whole by the server, which knows the members this page has not been sent
  // (far out of view), as a tap there picks it.
  const start = viewPoint(event);
  send(node.dataset.group ? { type: 'selection', action: 'pick', at: canvas.toDocument(start.x, start.y) } : { type: 'selection', action: 'set', ids });
  canvas.selectionLayer.setPointerCapture(event.pointerId);
  const ghost = event.altKey ? selectionGhost(ids) : null;
  // The drag names what it moves: the selection shows once the server has said so.
  selectionDrag = { kind: 'move', edges: 'se', start, bounds, current: start, ghost, followers: attachedLines(ids), ids, pointer: event.pointerId };
  event.preventDefault();
  return true;
}

/// What the drag of the selection moves: the element it grabbed, or the selection.
function draggedIDs(drag = selectionDrag) {
  // A group grabbed: the whole of it once the server has picked it (with members not shown here).
  if (drag?.ids && state.selection?.ids && drag.ids.every((id) => state.selection.ids.includes(id))) return state.selection.ids;
  return drag?.ids ?? state.selection?.ids ?? [];
}

/// Ends a drag of the selection whatever became of it (let go, cancelled, or the selection gone):
/// what it showed meanwhile goes.
function endSelectionDrag(cancelled = true) {
  const drag = selectionDrag;
  selectionDrag = null;
  showSnapGuides(null);
  markConnectionTargets([]);
  canvas.removePending('line-end');
  if (drag?.line) drag.line.node.style.visibility = '';
  if (drag?.followers) attachedLinesPreview(drag.followers, null);
  if (cancelled) drag?.ghost?.remove();
  for (const id of new Set([...(state.selection?.ids ?? []), ...(drag?.ids ?? [])])) canvas.elements.get(id)?.node.removeAttribute('transform');
  canvas.selectionLayer.removeAttribute('transform');
  return drag;
}

canvas.selectionLayer.addEventListener('pointercancel', () => {
  cropEditor.end();
  callSelectionDragOff();
});

/// Calls a drag of the selection off, if one is under way: what it moved goes back, nothing is
/// sent. Whether there was one.
function callSelectionDragOff() {
  if (!selectionDrag) return false;
  endSelectionDrag();
  renderSelection();
  return true;
}

/// A copy of the selected elements' drawing, in the pending layer, to drag about.
function selectionGhost(ids = state.selection.ids) {
  const ghost = document.createElementNS(SVG, 'g');
  ghost.dataset.op = 'duplicating';
  ghost.setAttribute('opacity', '0.6');
  for (const id of ids) {
    const copy = canvas.elements.get(id)?.node.cloneNode(true);
    if (!copy) continue;
    for (const node of [copy, ...copy.querySelectorAll('[id]')]) node.removeAttribute('id');
    ghost.append(copy);
  }
  canvas.pending.append(ghost);
  return ghost;
}

/// Edges and centres a selection being moved or resized with Ctrl (⌘) held snaps to, as in
/// tldraw: those of the page and of the other elements in view (the first 2,000), across (`x`) and
/// down (`y`), with the box each belongs to.
function snapTargets() {
  const selected = new Set(draggedIDs()), view = canvas.view, page = canvas.bounds;
  const boxes = [page];
  for (const [id, { node }] of canvas.elements) {
    if (selected.has(id) || boxes.length > 2000) continue;
    const box = boxOf(node);
    if (box.x > view.x + view.width || box.y > view.y + view.height || box.x + box.width < view.x || box.y + box.height < view.y) continue;
    boxes.push(box);
  }
  const lines = (start, size) => (box) => [box[start], box[start] + box[size] / 2, box[start] + box[size]].map((at) => ({ at, box }));
  return { x: boxes.flatMap(lines('x', 'width')), y: boxes.flatMap(lines('y', 'height')), boxes: boxes.slice(1) };
}

/// Where a box of `size` along an axis lands with equal gaps beside its neighbours in a row (the
/// elements `others` that share some of `band`, its extent across the row), as tldraw and
/// Excalidraw place it: midway between two, or as far past a pair as they lie apart. Each is a
/// target for the box's leading edge, with the gaps to show: [from, to] along the axis.
function equalGapTargets(others, band, size, axis) {
  const [start, length, cross, crossLength] = axis === 'x' ? ['x', 'width', 'y', 'height'] : ['y', 'height', 'x', 'width'];
  const row = others.filter((box) => box[cross] < band.end && box[cross] + box[crossLength] > band.start)
    .map((box) => ({ from: box[start], to: box[start] + box[length] })).sort((a, b) => a.from - b.from);
  const targets = [];
  for (let index = 0; index + 1 < row.length; index += 1) {
    const a = row[index], b = row[index + 1], gap = b.from - a.to;
    if (gap <= 0) continue;
    if (gap > size) {
      const at = (a.to + b.from - size) / 2;
      targets.push({ at, gaps: [[a.to, at], [at + size, b.from]] });
    }
    targets.push({ at: b.to + gap, gaps: [[a.to, b.from], [b.to, b.to + gap]] });
    targets.push({ at: a.from - gap - size, gaps: [[a.from - gap, a.from], [a.to, b.from]] });
  }
  return targets;
}

/// The marks of equal gaps: a line across each gap with a short tick at each end, at `middle`
/// across the row.
function gapMarks(gaps, middle, axis, tick) {
  return gaps.map(([from, to]) => (axis === 'x'
    ? `M${from} ${middle}H${to}M${from} ${middle - tick}v${2 * tick}M${to} ${middle - tick}v${2 * tick}`
    : `M${middle} ${from}V${to}M${middle - tick} ${from}h${2 * tick}M${middle - tick} ${to}h${2 * tick}`)).join('');
}

/// The drag by `dx`, `dy` adjusted so that an edge or the centre of the selection (moved), or the
/// edges a handle drags (resized), land on the nearest target within 8 pixels, each way, and the
/// guides that show where it snapped.
function snappedDrag(dx, dy, keepAspect) {
  selectionDrag.targets ??= snapTargets();
  const { x, y, width, height } = selectionDrag.bounds, reach = 8 / canvas.zoom;
  const { kind, edges } = selectionDrag, resizing = kind === 'resize';
  const nearest = (anchors, targets) => {
    let best = null;
    for (const anchor of anchors) {
      for (const target of targets) {
        const offset = target.at - anchor;
        if (Math.abs(offset) <= reach && (!best || Math.abs(offset) < Math.abs(best.offset))) best = { offset, target };
      }
    }
    return best;
  };
  const acrossAnchors = resizing ? [...(edges.includes('w') ? [x + dx] : []), ...(edges.includes('e') ? [x + width + dx] : [])]
    : [x + dx, x + dx + width / 2, x + dx + width];
  const downAnchors = resizing ? [...(edges.includes('n') ? [y + dy] : []), ...(edges.includes('s') ? [y + height + dy] : [])]
    : [y + dy, y + dy + height / 2, y + dy + height];
  let across = nearest(acrossAnchors, selectionDrag.targets.x);
  let down = nearest(downAnchors, selectionDrag.targets.y);
  // A move also lands with equal gaps beside its neighbours, when that is nearer.
  if (!resizing) {
    const boxes = selectionDrag.targets.boxes;
    const spaced = (axis, anchor, band, size, current) => {
      const best = nearest([anchor], equalGapTargets(boxes, band, size, axis));
      return best && (!current || Math.abs(best.offset) < Math.abs(current.offset)) ? best : current;
    };
    across = spaced('x', x + dx, { start: y + dy, end: y + dy + height }, width, across);
    down = spaced('y', y + dy, { start: x + dx, end: x + dx + width }, height, down);
  }
  const moved = { dx: dx + (across?.offset ?? 0), dy: dy + (down?.offset ?? 0) };
  const box = resizing ? resizedBounds(selectionDrag.bounds, edges, moved.dx, moved.dy, keepAspect) : { x: x + moved.dx, y: y + moved.dy, width, height };
  const guides = [], tick = 4 / canvas.zoom;
  if (across?.target.gaps) guides.push(gapMarks(across.target.gaps, box.y + box.height / 2, 'x', tick));
  else if (across) {
    const top = Math.min(box.y, across.target.box.y), bottom = Math.max(box.y + box.height, across.target.box.y + across.target.box.height);
    guides.push(`M${across.target.at} ${top}V${bottom}`);
  }
  if (down?.target.gaps) guides.push(gapMarks(down.target.gaps, box.x + box.width / 2, 'y', tick));
  else if (down) {
    const left = Math.min(box.x, down.target.box.x), right = Math.max(box.x + box.width, down.target.box.x + down.target.box.width);
    guides.push(`M${left} ${down.target.at}H${right}`);
  }
  return { ...moved, guides: guides.join('') };
}

/// The lines a snapped drag shows; none once it ends.
function showSnapGuides(path) {
  let guides = canvas.pending.querySelector('[data-op="snap-guides"]');
  if (!path) return guides?.remove();
  if (!guides) {
    guides = document.createElementNS(SVG, 'path');
    guides.dataset.op = 'snap-guides';
    guides.classList.add('snap-guides');
    canvas.pending.append(guides);
  }
  guides.setAttribute('d', path);
}

canvas.selectionLayer.addEventListener('pointermove', (event) => {
  if (cropEditor.isOpen) {
    const point = viewPoint(event);
    return cropEditor.drag(canvas.toDocument(point.x, point.y), event.shiftKey, event.pointerId);
  }
  if (selectionDrag?.pointer !== event.pointerId) return;
  if (!state.selection && !selectionDrag.ids) return endSelectionDrag();
  selectionDrag.current = viewPoint(event);
  if (selectionDrag.kind === 'end') return dragLineEnd(event);
  if (selectionDrag.kind === 'bend') return dragBend(event);
  let dx = (selectionDrag.current.x - selectionDrag.start.x) / canvas.zoom;
  let dy = (selectionDrag.current.y - selectionDrag.start.y) / canvas.zoom;
  // With Ctrl (⌘) held, a move or a resize snaps to the page's and other elements' edges and centres.
  const snaps = selectionDrag.kind !== 'rotate' && (event.ctrlKey || event.metaKey);
  const keepsAspect = selectionDrag.kind === 'resize' && keepsProportions(selectionDrag, event);
  selectionDrag.snapped = snaps ? snappedDrag(dx, dy, keepsAspect) : selectionDrag.kind === 'rotate' || keepsAspect ? null : gridDrag(dx, dy);
  showSnapGuides(selectionDrag.snapped?.guides);
  if (selectionDrag.snapped) ({ dx, dy } = selectionDrag.snapped);
  const transform = selectionPreview(dx, dy, selectionDrag.kind === 'resize' ? keepsAspect : event.shiftKey);
  if (selectionDrag.ghost) selectionDrag.ghost.setAttribute('transform', transform);
  else for (const id of draggedIDs()) canvas.elements.get(id)?.node.setAttribute('transform', transform);
  canvas.selectionLayer.setAttribute('transform', transform);
  const m = canvas.selectionLayer.transform.baseVal.consolidate()?.matrix;
  if (!selectionDrag.ghost) attachedLinesPreview(selectionDrag.followers, m ? new DOMMatrix([m.a, m.b, m.c, m.d, m.e, m.f]) : null);
});

/// Whether a resize keeps the selection's proportions: with Shift held, or for pictures without it.
function keepsProportions(drag, event) {
  return event.shiftKey !== Boolean(drag.picturesOnly);
}

/// A resize keeping the aspect ratio (`shift`: see `keepsProportions`), or a rotation turning in
/// steps of 15° with Shift held.
function selectionPreview(dx, dy, shift) {
  const { x, y, width, height } = selectionDrag.bounds;
  if (selectionDrag.kind === 'move') return `translate(${dx} ${dy})`;
  if (selectionDrag.kind === 'resize') {
    const box = resizedBounds(selectionDrag.bounds, selectionDrag.edges, dx, dy, shift);
    const originX = box.flipX ? box.x + box.width : box.x, originY = box.flipY ? box.y + box.height : box.y;
    const scaleX = (box.flipX ? -1 : 1) * box.width / width, scaleY = (box.flipY ? -1 : 1) * box.height / height;
    return `translate(${originX} ${originY}) scale(${scaleX} ${scaleY}) translate(${-x} ${-y})`;
  }
  const cx = x + width / 2, cy = y + height / 2;
  return `rotate(${rotationDegrees(cx, cy, dx, dy, shift)} ${cx} ${cy})`;
}

function rotationDegrees(cx, cy, dx, dy, inSteps = false) {
  const start = canvas.toDocument(selectionDrag.start.x, selectionDrag.start.y);
  const before = Math.atan2(start.y - cy, start.x - cx);
  const after = Math.atan2(start.y + dy - cy, start.x + dx - cx);
  const degrees = (after - before) * 180 / Math.PI;
  return inSteps ? Math.round(degrees / 15) * 15 : degrees;
}

canvas.selectionLayer.addEventListener('pointerup', (event) => {
  if (cropEditor.isOpen) return cropEditor.end(event.pointerId);
  if (selectionDrag?.pointer !== event.pointerId) return;
  if (!state.selection && !selectionDrag.ids) return endSelectionDrag();
  const { dx, dy } = selectionDrag.snapped ?? {
    dx: (selectionDrag.current.x - selectionDrag.start.x) / canvas.zoom, dy: (selectionDrag.current.y - selectionDrag.start.y) / canvas.zoom,
  };
  const { x, y, width, height } = selectionDrag.bounds;
  const radians = selectionDrag.kind === 'rotate' ? rotationDegrees(x + width / 2, y + height / 2, dx, dy, event.shiftKey) * Math.PI / 180 : 0;
  // A press that went less than 3 px is a tap, whatever its jitter: it moves nothing.
  const travelled = Math.hypot(selectionDrag.current.x - selectionDrag.start.x, selectionDrag.current.y - selectionDrag.start.y) >= 3;
  const drag = endSelectionDrag(false);
  const { kind, edges, ghost, line, end, to, connects, moved: bent } = drag;
  const keepsAspect = kind === 'resize' && keepsProportions(drag, event);
  if (kind === 'bend') {
    // A press without a drag leaves the handle be (a double-click there labels the line).
    if (!bent) return;
    renderSelection();
    if (line && (to || line.middle || line.elbowMiddle)) sendEdit({ type: 'selection', action: 'bend', ids: state.selection.ids, ...(to && { through: to }) });
    return;
  }
  if (kind === 'end') {
    // The handles go back to the line as it is until the server's answer lays it out anew.
    renderSelection();
    if (to && line && travelled) sendEdit({ type: 'selection', action: 'moveEnd', ids: state.selection.ids, end, to, ...(connects && { connect: true }) });
    return;
  }
  const moved = travelled && (Math.abs(dx) >= 0.5 || Math.abs(dy) >= 0.5);
  if (ghost) {
    // The ghost stays until the server's copies replace it (at the edit's ack).
    const op = moved ? sendEdit({ type: 'selection', action: 'duplicate', dx, dy, ids: draggedIDs(drag) }) : null;
    if (op) ghost.dataset.op = op; else ghost.remove();
    return;
  }
  if (!moved) {
    // A tap on one element of several selected selects it alone (its group whole), as in tldraw.
    const under = kind === 'move' && !travelled && !drag.ids && !event.shiftKey && state.selection?.ids.length > 1
      ? drawnElementAt(event.clientX, event.clientY) : null;
    if (under && state.selection.ids.includes(under.id.slice(2))) {
      const view = viewPoint(event);
      send({ type: 'selection', action: 'pick', at: canvas.toDocument(view.x, view.y) });
    }
    return;
  }
  const ids = draggedIDs(drag);
  if (kind === 'move') sendEdit({ type: 'selection', action: 'move', dx, dy, ids });
  else if (kind === 'resize') {
    const { flipX, flipY, ...rect } = resizedBounds({ x, y, width, height }, edges, dx, dy, keepsAspect);
    sendEdit({ type: 'selection', action: 'resize', ids, rect, ...(flipX && { flipX }), ...(flipY && { flipY }) });
  }
  else sendEdit({ type: 'selection', action: 'rotate', ids, angle: radians });
});

// ---- Copying a style (Excalidraw's Ctrl+Alt+C and Ctrl+Alt+V)

/// The style copied from a selection: what its elements shared (colour, width, opacity, fill,
/// outline, arrows' ends), to give another selection in one step.
let copiedStyle = null;

function copyStyle() {
  const style = state.selection?.style;
  if (!style) return toast('Select something to copy its style.');
  copiedStyle = Object.fromEntries(Object.entries(style).filter(([, value]) => value !== undefined && value !== null));
  toast('Style copied: Ctrl+Alt+V gives it to what is selected.');
}

function pasteStyle() {
  if (!copiedStyle) return toast('Copy a style first: select something and press Ctrl+Alt+C.');
  if (!state.selection || !state.editable) return toast('Select what to give the style to.');
  sendEdit({ type: 'selection', action: 'restyle', ids: state.selection.ids, ...copiedStyle });
}

// ---- Keyboard

let spaceHeld = false;
/// Whether keys (and copy and paste) go to a field being typed in; sliders and checkboxes leave the
/// shortcuts working.
const isTyping = (target) => Boolean(target?.closest?.('textarea, select, input:not([type=range]):not([type=checkbox]), [contenteditable]'));
/// The arrow keys nudge the selection a point (ten with Shift) in document coordinates.
const NUDGES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const toolKeys = Object.fromEntries(INKS.map(([name, , key]) => [key.toLowerCase(), name]));
Object.assign(toolKeys, { e: 'eraser', l: 'lasso', v: 'select', s: 'shape', t: 'text', h: 'hand', k: 'laser' });
/// Keys that take the shape tool with a kind, tldraw's and Excalidraw's letters.
const SHAPE_KEYS = { r: 'rectangle', o: 'ellipse', d: 'diamond', a: 'arrow' };
/// Excalidraw's number keys, its toolbar in order: select, rectangle, diamond, ellipse, arrow, line,
/// draw, text, image, eraser.
const NUMBER_KEYS = { 1: ['select'], 2: ['shape', 'rectangle'], 3: ['shape', 'diamond'], 4: ['shape', 'ellipse'], 5: ['shape', 'arrow'],
  6: ['shape', 'line'], 7: ['pen'], 8: ['text'], 9: ['image'], 0: ['eraser'] };

document.addEventListener('keydown', (event) => {
  // Escape on a field of an open toolbar menu (the Export menu's size, say) closes the menu.
  if (event.key === 'Escape' && isTyping(event.target) && menuKey(event)) return;
  // Typing, or in a dialog (its keys are its own: a 9 there opens no file chooser behind it).
  if (isTyping(event.target) || event.target.closest?.('dialog[open]')) return;
  // While the context menu is open, its keys work it; any other closes it and does what it does.
  if (contextMenu.isOpen) {
    if (contextMenu.key(event)) return;
    contextMenu.close();
  }
  if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
    event.preventDefault();
    return openContextMenuFromKeys();
  }
  if (menuKey(event)) return;
  // Keys for the page itself: not those pressed on a button, a menu or in a dialog.
  const onPage = event.target === document.body || !!event.target.closest?.('#canvas');
  // While a picture is cropped, Enter keeps the crop and Escape drops it; other keys wait (on a
  // button or in a dialog they do theirs, Escape dropping the crop too).
  if (cropEditor.isOpen) {
    if (!onPage) {
      if (event.key === 'Escape') endCrop(false);
      return;
    }
    if (!['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) event.preventDefault();
    if ((event.key === 'Enter' || event.key === 'Escape') && !event.repeat) endCrop(event.key === 'Enter');
    return;
  }
  const command = event.ctrlKey || event.metaKey;
  // While presenting, its keys work wherever the focus is (its own buttons included), but in a dialog.
  if (!event.target.closest?.('dialog') && presentation.key(event, { selecting: Boolean(state.selection?.ids.length) })) return;
  if (command && event.key === 'Enter' && !event.repeat) {
    event.preventDefault();
    return presentation.isOn ? presentation.stop() : presentation.start();
  }
  if (event.key === 'Enter' && onPage && !event.repeat && !command && !event.altKey && selectedPicture()) {
    event.preventDefault();
    return startCrop(selectedPicture());
  }
  if (command && event.key.toLowerCase() === 'z') {
    event.preventDefault();
    undoOrRedo(event.shiftKey);
  } else if (command && event.key.toLowerCase() === 'y') {
    event.preventDefault();
    undoOrRedo(true);
  } else if (command && event.key.toLowerCase() === 'a') {
    event.preventDefault();
    selectAll();
  } else if (command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'p') {
    event.preventDefault();
    printDocument();
  } else if (command && !event.altKey && event.key.toLowerCase() === 'f') {
    event.preventDefault();
    findBar.open();
  } else if (event.altKey && event.shiftKey && event.code === 'KeyC') {
    event.preventDefault();
    copyAsPicture();
  } else if (event.altKey && !command && event.code === 'KeyR') {
    event.preventDefault();
    turnSelection(event.shiftKey ? 'left' : 'right');
  } else if (event.shiftKey && !event.altKey && !command && FLIP_KEYS[event.code]) {
    event.preventDefault();
    arrangeSelection({ action: 'flip', axis: FLIP_KEYS[event.code] });
  } else if (event.altKey && !command && (event.shiftKey ? DISTRIBUTE_KEYS : ALIGN_KEYS)[event.code]) {
    event.preventDefault();
    const [action, key] = event.shiftKey ? ['distribute', 'axis'] : ['align', 'edge'];
    arrangeSelection({ action, [key]: (event.shiftKey ? DISTRIBUTE_KEYS : ALIGN_KEYS)[event.code] });
  } else if (command && event.shiftKey && !event.altKey && event.code === 'KeyL') {
    event.preventDefault();
    arrangeSelection({ action: 'lock' });
  } else if (command && !event.altKey && (event.key === "'" || (event.code === 'Quote' && !/^[ -~]$/.test(event.key)))) {
    event.preventDefault();
    setGridMode(!gridMode);
    toast(!gridMode ? 'No longer snapping to the grid.' : canvas.pages.length ? 'Grid mode snaps on a page of its own, not over a PDF\'s or a picture\'s pages.'
      : 'Snapping to the grid (Ctrl+\' to stop).');
  } else if (command && !event.altKey && event.code === 'KeyG') {
    event.preventDefault();
    arrangeSelection({ action: event.shiftKey ? 'ungroup' : 'group' });
  } else if (command && event.altKey && !event.shiftKey && (event.code === 'KeyC' || event.code === 'KeyV')) {
    event.preventDefault();
    if (event.code === 'KeyC') copyStyle(); else pasteStyle();
  } else if (command && ['c', 'x', 'v', 'd', ']', '['].includes(event.key.toLowerCase()) && (state.editable || event.key.toLowerCase() === 'c')) {
    selectionShortcut(event);
  } else if (NUDGES[event.key] && !command && !event.altKey && state.selection && state.editable && !event.target.closest('input')) {
    event.preventDefault();
    // A point a press (ten with Shift); in grid mode a square of the grid.
    const [dx, dy] = NUDGES[event.key].map((step) => step * (snapGrid()?.step ?? (event.shiftKey ? 10 : 1)));
    sendEdit({ type: 'selection', action: 'move', dx, dy, ids: state.selection.ids });
  } else if ((event.key === 'Delete' || event.key === 'Backspace') && state.selection && state.editable) {
    event.preventDefault();
    sendEdit({ type: 'selection', action: 'delete', ids: state.selection.ids });
  } else if (event.key === 'Escape') {
    closeMenus();
    if (presence.following) follow(null);
    // Mid-drag, Escape calls the drag off: what was dragged goes back, a shape being drawn is not
    // made (as in tldraw), and the selection stays.
    if (selectionDrag || shapeDrag) {
      if (shapeDrag) finishShape('cancelled');
      callSelectionDragOff();
      return;
    }
    // A lasso or a marquee being drawn is called off too: nothing is selected by it.
    if (gesture === 'draw' && drawingPointer !== null && !stroke && ['lasso', 'select'].includes(toolbar.state.tool)) {
      endPointer({ pointerId: drawingPointer, pointerType: press?.pointerType ?? 'mouse', timeStamp: performance.now() }, 'cancelled');
      return;
    }
    if (state.selection) {
      send({ type: 'selection', action: 'set', ids: [] });
      // Let go of at once, so that a style chosen next sets the tool's, not the old selection's.
      state.selection = null;
      toolbar.showStyle(null);
      renderSelection();
    }
  } else if (command && (event.key === '0' || event.key === '=' || event.key === '+' || event.key === '-')) {
    event.preventDefault();
    canvas.zoomTo(event.key === '0' ? 1 : event.key === '-' ? canvas.zoom / ZOOM_STEP : canvas.zoom * ZOOM_STEP);
  } else if (event.shiftKey && event.code === 'Digit1') {
    event.preventDefault();
    canvas.fitPage();
  } else if (event.shiftKey && event.code === 'Digit2') {
    event.preventDefault();
    zoomToSelection();
  } else if (!command && !event.altKey && (event.key === 'PageDown' || event.key === 'PageUp')) {
    event.preventDefault();
    canvas.turnPage(event.key === 'PageDown');
  } else if (!command && !event.altKey && (event.key === 'Home' || event.key === 'End')) {
    event.preventDefault();
    canvas.goToEnd(event.key === 'End');
  } else if (event.key === '?') {
    showShortcuts();
  } else if (event.key === ' ') {
    spaceHeld = true;
  } else if (!command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'u') {
    if (state.editable) showRuler(!ruler.shown);
  } else if (command && event.key === '.') {
    event.preventDefault();
    setFocusMode(!document.body.classList.contains('focus'));
  } else if (!command && !event.altKey && (event.code === 'BracketRight' || event.code === 'BracketLeft' || event.key === ']' || event.key === '[')) {
    // One step up or down the z-order, past the nearest element it overlaps; with Shift, to the
    // front or the back (tldraw's keys).
    const up = event.code === 'BracketRight' || event.key === ']';
    if (state.selection?.ids.length) arrangeSelection({ action: event.shiftKey ? (up ? 'front' : 'back') : (up ? 'forward' : 'backward') });
  } else if (!command && !event.altKey && !event.shiftKey && NUMBER_KEYS[event.key]) {
    const [tool, shape] = NUMBER_KEYS[event.key];
    if (tool === 'image') {
      if (state.editable) $('image-file').click();
    } else {
      toolbar.choose(tool);
      if (shape) toolbar.set({ shape });
    }
  } else if (!command && !event.altKey && !event.shiftKey && SHAPE_KEYS[event.key.toLowerCase()]) {
    // The rectangle, the ellipse, the diamond and the arrow, as in tldraw and Excalidraw.
    toolbar.choose('shape');
    toolbar.set({ shape: SHAPE_KEYS[event.key.toLowerCase()] });
  } else if (!command && !event.altKey && toolKeys[event.key.toLowerCase()]) {
    toolbar.choose(toolKeys[event.key.toLowerCase()]);
  }
});
document.addEventListener('keyup', (event) => { if (event.key === ' ') spaceHeld = false; });
// Space let go in another window (switched to while held) is never heard here.
window.addEventListener('blur', () => { spaceHeld = false; });

/// Ctrl/⌘ with C, X, V, D, ] or [: copy, cut, paste, duplicate, bring to front, send to back.
/// What is copied or cut goes on this tab's clipboard on the server, as it is then (so a cut can
/// be pasted back, and a copy stays what it was), for any document. Copy, cut and paste let the
/// browser's own events happen: a copy or cut marks the system clipboard with this tab's id, and a
/// paste of that mark (in this tab or another) pastes what the tab copied, offset (or in the middle
/// of the view when it would land out of it); a paste of anything else inserts it: a picture (a
/// screenshot, say), a link (an address alone), or text. A browser that fires no paste event where
/// nothing is editable still pastes the elements.
const CLIPBOARD_MARK = 'application/x-markupkit-elements';
/// Whether this tab has copied or cut elements: in session storage, as the server keeps the tab's
/// clipboard for every document, so a paste from a menu (all a touch screen has) finds them in the
/// next document opened in the tab too. It names the tab's id: a tab duplicated from this one (its
/// session storage copied, its id its own) has copied nothing yet.
const COPIED_KEY = 'markupkit-copied';
let hasCopied = sessionStorage.getItem(COPIED_KEY) === Connection.pageID;
let pasteFallback = null;
function selectionShortcut(event) {
  const key = event.key.toLowerCase();
  const ids = state.selection?.ids ?? [];
  if (key === 'v') {
    cancelPasteFallback();
    if (hasCopied) pasteFallback = setTimeout(pasteCopied, 300);
    return;
  }
  if (!ids.length) return;
  if (key === 'c' || key === 'x') return copySelection(key === 'x');
  event.preventDefault();
  if (key === 'd') sendEdit({ type: 'selection', action: 'duplicate', ids });
  else if (key === ']') sendEdit({ type: 'selection', action: 'front', ids });
  else if (key === '[') sendEdit({ type: 'selection', action: 'back', ids });
}

/// Copies or cuts the selection onto this tab's clipboard on the server. The keys' own copy or cut
/// event marks the system clipboard as this tab's; from a menu, a copy event is fired for it.
function copySelection(cut, fromMenu = false) {
  const ids = state.selection?.ids ?? [];
  if (!ids.length) return;
  if (fromMenu) document.execCommand('copy');
  sendEdit({ type: 'selection', action: cut ? 'cut' : 'copy', ids });
  hasCopied = true;
  sessionStorage.setItem(COPIED_KEY, Connection.pageID);
  const [one, many] = cut ? ['Cut.', 'cut'] : ['Copied.', 'copied'];
  toast(ids.length === 1 ? one : `${ids.length} items ${many}.`);
}

/// Every element, not the page's text; with the select tool, so the selection can be dragged.
function selectAll() {
  toolbar.choose('select');
  if (!send({ type: 'selection', action: 'all' })) toast(NEEDS_THE_SERVER);
}

/// The selection fills the view, at most 400 %: a single small mark would otherwise fill the screen.
function zoomToSelection() {
  if (state.selection?.bounds) canvas.fit(state.selection.bounds, 96, 4);
  else toast('Select something to zoom to it.');
}

function cancelPasteFallback() {
  clearTimeout(pasteFallback);
  pasteFallback = null;
}

/// How many selected elements an arranging action needs: two to line up or group, three to space
/// out, none to unlock all, one for the rest (flip, rotate, ungroup, lock, front, back).
const ARRANGE_NEEDS = { align: 2, distribute: 3, group: 2, unlockAll: 0 };
const arrangeNeeds = (action) => ARRANGE_NEEDS[action] ?? 1;

/// The Arrange menu's items, each enabled when the selection has enough elements for it and
/// something it acts on: a group to take apart, ink to straighten, a locked element, a picture.
function renderArrangeItems() {
  const count = state.editable ? state.selection?.ids.length ?? 0 : 0;
  const nodes = (state.selection?.ids ?? []).map((id) => canvas.elements.get(id)?.node).filter(Boolean);
  const applies = {
    crop: () => selectedPicture() !== null, describe: () => selectedPicture() !== null,
    ungroup: () => nodes.some((node) => node.dataset.group), straighten: () => nodes.some((node) => node.dataset.kind === 'stroke'),
    unlockAll: () => canvas.content.querySelector(':scope > g[data-locked]') !== null,
  };
  for (const item of $('arrange-items').querySelectorAll('button')) {
    const action = item.dataset.action;
    item.disabled = count < arrangeNeeds(action) || !(applies[action]?.() ?? true);
  }
}

/// Aligns, spaces out, flips, groups, locks or orders the selection (`change` is the selection
/// message's action and its argument), or says what it needs.
function arrangeSelection(change) {
  const count = state.selection?.ids.length ?? 0;
  const needs = arrangeNeeds(change.action);
  if (!state.editable) return toast('Switch to Edit to arrange.');
  const purpose = { align: 'line up', distribute: 'space out', group: 'group' }[change.action];
  if (count < needs) return toast(needs === 1 ? 'Select something first.' : `Select at least ${needs} things to ${purpose}.`);
  sendEdit({ type: 'selection', ...change, ids: state.selection?.ids ?? [] });
}

/// Turns the selection a quarter turn about its middle, `right` (clockwise on the screen) or `left`,
/// as tldraw's Rotate and Preview's for pictures scanned sideways.
function turnSelection(direction) {
  arrangeSelection({ action: 'rotate', angle: (direction === 'left' ? -1 : 1) * Math.PI / 2 });
}

/// Alt with A, H, D, W, V or S aligns the selection (tldraw's keys); with Shift, H and V space it out.
const ALIGN_KEYS = { KeyA: 'left', KeyH: 'center', KeyD: 'right', KeyW: 'top', KeyV: 'middle', KeyS: 'bottom' };
const DISTRIBUTE_KEYS = { KeyH: 'horizontal', KeyV: 'vertical' };
/// Shift+H flips the selection left to right, Shift+V upside down (as tldraw and Excalidraw).
const FLIP_KEYS = DISTRIBUTE_KEYS;

/// Puts the selection on the system clipboard as a PNG (drawn by the server, on white), to paste
/// into other apps.
function copyAsPicture() {
  closeMenus();
  const ids = state.selection?.ids;
  if (!ids?.length) return toast('Select something to copy it as a picture.');
  if (!navigator.clipboard?.write || typeof ClipboardItem === 'undefined') return toast('This browser cannot put pictures on the clipboard.');
  // The item is made at once, with the picture to come, so the click or key still counts as the person's.
  const picture = request(`/api/documents/${documentID}/picture`, { method: 'POST', body: JSON.stringify({ ids }) })
    .then((response) => response.blob());
  navigator.clipboard.write([new ClipboardItem({ 'image/png': picture })])
    .then(() => toast('Copied as a picture.'), () => toast('The picture could not be copied.'));
}

/// Puts the selection on the system clipboard as SVG text (drawn by the server, the selection alone,
/// in the export menu's dark and background choices), to paste into design tools and web pages.
function copyAsSVG() {
  const { dark, transparent } = exportOptions() ?? {};
  copySelectionAsText('svg', { dark, transparent }, 'as SVG', 'Copied as SVG.');
}

/// Copies the selection as Excalidraw's clipboard text, which Excalidraw and tldraw paste as their
/// own elements.
function copyForOtherApps() {
  copySelectionAsText('excalidraw', {}, 'for Excalidraw and tldraw', 'Copied for Excalidraw and tldraw: paste it there.');
}

/// Puts the selection on the clipboard as text the server exports in `format` (with `options`),
/// saying `done` (and what did not carry over) once it is there.
function copySelectionAsText(format, options, what, done) {
  closeMenus();
  const ids = state.selection?.ids;
  if (!ids?.length) return toast(`Select something to copy it ${what}.`);
  if (!navigator.clipboard?.write || typeof ClipboardItem === 'undefined') return toast('This browser cannot put text on the clipboard from here.');
  let notes = '';
  // The item is made at once, with the text to come, so the click still counts as the person's.
  const text = request(`/api/documents/${documentID}/export.${format}`, { method: 'POST', body: JSON.stringify({ ids, ...options }) })
    .then((response) => {
      notes = decodeURIComponent(response.headers.get('X-Conversion-Notes') ?? '');
      return response.text();
    })
    .then((body) => new Blob([body], { type: 'text/plain' }));
  navigator.clipboard.write([new ClipboardItem({ 'text/plain': text })])
    .then(() => toast(notes ? `${done} Not carried over exactly: ${notes.split('\n').join('; ')}` : done),
      () => toast(`It could not be copied ${what}.`));
}

/// Prints the document as the server exports it, a sheet of paper for each of its pages (a PDF's,
/// or a notebook's sheets) or one for a page without: Ctrl/⌘+P and the Export menu's Print. The
/// pages are SVG, so ink and text print sharp; until they are ready the browser's own print (from
/// its menu) shows the editor as it is.
async function printDocument() {
  closeMenus();
  const box = $('print-pages');
  if (box.dataset.state === 'loading') return;
  const frames = canvas.pageFrames(), count = frames.length;
  box.dataset.state = 'loading';
  box.replaceChildren(...Array.from({ length: Math.max(count, 1) }, (_, index) => {
    const image = document.createElement('img');
    image.alt = '';
    // A page wider than tall is printed on a sheet turned on its side.
    const frame = frames[index] ?? canvas.bounds;
    image.classList.toggle('wide', frame.width > frame.height);
    image.src = `/api/documents/${documentID}/export.svg${count > 1 ? `?page=${index + 1}` : ''}`;
    return image;
  }));
  toast(count > 1 ? `Preparing ${count} pages to print…` : 'Preparing the page to print…');
  // Loaded, then decoded: an SVG's decode may settle before its load has.
  const loaded = (image) => new Promise((resolve, reject) => {
    if (image.complete && image.naturalWidth > 0) return resolve();
    image.addEventListener('load', resolve, { once: true });
    image.addEventListener('error', reject, { once: true });
  }).then(() => image.decode());
  // A long document says how far it has got, rather than going quiet for minutes.
  let done = 0, failed = false;
  const counted = () => {
    done += 1;
    if (!failed && count > 10 && (done % 10 === 0 || done === count)) toast(`Preparing ${count} pages to print… ${done} done`);
  };
  try {
    await Promise.all([...box.children].map((image) => loaded(image).then(counted)));
  } catch {
    failed = true;
    box.replaceChildren();
    delete box.dataset.state;
    return toast('The pages could not be drawn to print.');
  }
  box.dataset.state = 'ready';
  document.body.classList.add('printing');
  window.print();
}
window.addEventListener('afterprint', () => {
  // Only once the pages were printed: a print the browser made of its own while they load leaves them.
  if ($('print-pages').dataset.state !== 'ready') return;
  document.body.classList.remove('printing');
  $('print-pages').replaceChildren();
  delete $('print-pages').dataset.state;
});

/// Pastes what this tab copied, or what the tab `from` copied.
function pasteCopied(from = null) {
  cancelPasteFallback();
  if (!state.editable) return toast('Switch to Edit to paste.');
  const message = { type: 'selection', action: 'paste', view: canvas.view };
  if (from && from !== Connection.pageID) message.from = from;
  sendEdit(message);
}

for (const kind of ['copy', 'cut']) {
  document.addEventListener(kind, (event) => {
    if (isTyping(event.target) || !state.selection?.ids.length || (kind === 'cut' && !state.editable)) return;
    event.preventDefault();
    event.clipboardData.setData(CLIPBOARD_MARK, JSON.stringify({ page: Connection.pageID }));
  });
}

/// The tab a clipboard's mark says copied the elements it stands for (none from a mark of old).
function markedPage(mark) {
  try {
    const page = JSON.parse(mark)?.page;
    return typeof page === 'string' ? page : null;
  } catch {
    return null;
  }
}

document.addEventListener('paste', (event) => {
  if (isTyping(event.target)) return;
  const data = event.clipboardData;
  const mark = data?.types.includes(CLIPBOARD_MARK) ? data.getData(CLIPBOARD_MARK) : null;
  const picture = mark ? null : [...(data?.files ?? [])].find(isPicture);
  // Shapes copied in tldraw: its HTML holds them (its plain text only their words).
  const html = mark || picture ? '' : data?.getData('text/html') ?? '';
  if (html.includes('<div data-tldraw')) {
    cancelPasteFallback();
    event.preventDefault();
    return insertDrawing(base64(new TextEncoder().encode(html)), '', pastePoint());
  }
  const text = mark || picture ? '' : (data?.getData('text/plain') ?? '').trim();
  if (picture || text) {
    cancelPasteFallback();
    event.preventDefault();
    const at = pastePoint();
    if (picture) return insertImage(picture, at);
    if (isDrawingText(text)) return insertDrawing(base64(new TextEncoder().encode(text)), '', at);
    insertPastedText(text, at);
  } else if (mark || pasteFallback !== null) {
    event.preventDefault();
    pasteCopied(mark && markedPage(mark));
  }
});

/// Text pasted in: a link when it is an address alone, else a text box in the text tool's style, at
/// `at` (document points) or where insertions go.
function insertPastedText(text, at) {
  if (!state.editable) return toast('Switch to Edit to paste.');
  const { family, size, bold, italic, alignment, color } = textStyle();
  const message = /^https?:\/\/\S+$/.test(text)
    ? { type: 'insert', kind: 'link', url: text, view: canvas.view }
    : { type: 'insert', kind: 'text', text, color, font: family, size, bold, italic, align: alignment, view: canvas.view };
  if (at) message.at = at;
  sendEdit(message);
}

// ---- The context menu

/// A shortcut as the platform writes it: ⇧⌘Z on Apple's, Ctrl+Shift+Z elsewhere.
const APPLE = /Mac|iPhone|iPad/.test(navigator.platform);
const shortcut = (...keys) => (APPLE
  ? keys.map((key) => ({ Ctrl: '⌘', Shift: '⇧', Alt: '⌥' })[key] ?? key).join('')
  : keys.join('+'));

/// Whether a press is for the context menu (which its contextmenu event opens): a right-click, a
/// pen's barrel button, or Control-click on a Mac.
const opensMenu = (event) => event.button === 2 || (APPLE && event.ctrlKey && event.pointerType === 'mouse');

/// Where the open context menu was opened, in document points (where Paste puts things).
let contextMenuPoint = null;
/// Where it was opened on the screen (client pixels); null from the keys.
let contextMenuClient = null;
/// Whether the open menu is the bare page's, whatever is selected: a press outside the selection
/// while the server, which picks, cannot be reached.
let contextMenuBare = false;
/// A context menu waiting for the server to say what a press selected: { x, y, timer } (client pixels).
let contextMenuWait = null;
/// When the keyboard last opened the menu: the browser's own contextmenu event that follows is not
/// another (unless a pointer was pressed since).
let keyboardMenuAt = -Infinity;
/// The last pointer pressed anywhere: a contextmenu event after a mouse's or a right button's press
/// opens the menu; after a finger's or a pen's, the long press does.
let lastPointerDown = { type: 'mouse', button: 0 };
document.addEventListener('pointerdown', (event) => {
  lastPointerDown = { type: event.pointerType, button: event.button };
  keyboardMenuAt = -Infinity;
}, true);

/// Opens the context menu at (x, y), client pixels, for a press at `point` (document points). A press
/// outside the selection first selects what a tap there would (the server's pick, a group whole),
/// and the menu opens once the server has said what that is (at most 400 ms later: on a slower link
/// it opens as it stands and changes when the answer comes).
function openContextMenu(x, y, point, fromKeyboard = false) {
  closeMenus();
  if (textEditor.isOpen) textEditor.close(true);
  clearTimeout(contextMenuWait?.timer);
  contextMenuWait = null;
  contextMenuPoint = point;
  contextMenuClient = fromKeyboard ? null : { x, y };
  const onSelection = Boolean(state.selection?.bounds && contains(state.selection.bounds, point));
  contextMenuBare = false;
  if (fromKeyboard || onSelection || !send({ type: 'selection', action: 'pick', at: point })) {
    contextMenuBare = !fromKeyboard && !onSelection;
    return contextMenu.open(x, y, contextMenuSections(point), fromKeyboard);
  }
  contextMenuWait = { x, y, timer: setTimeout(showWaitingContextMenu, 400) };
}

function showWaitingContextMenu() {
  const wait = contextMenuWait;
  if (!wait) return;
  clearTimeout(wait.timer);
  contextMenuWait = null;
  contextMenu.open(wait.x, wait.y, contextMenuSections(contextMenuPoint));
}

/// The selection the server sent opens the menu waiting for it, or changes the open one's items.
function contextMenuHeardSelection() {
  if (contextMenuWait) showWaitingContextMenu();
  else if (contextMenu.isOpen) contextMenu.update(contextMenuSections(contextMenuPoint));
}

/// The menu key or Shift+F10: the menu on the selection's middle, or the view's.
function openContextMenuFromKeys() {
  keyboardMenuAt = performance.now();
  const box = host.getBoundingClientRect(), bounds = state.selection?.bounds;
  const middle = bounds ? canvas.toView(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2) : { x: box.width / 2, y: box.height / 2 };
  const view = { x: Math.min(Math.max(middle.x, 0), box.width), y: Math.min(Math.max(middle.y, 0), box.height) };
  openContextMenu(box.left + view.x, box.top + view.y, canvas.toDocument(view.x, view.y), true);
}

document.addEventListener('contextmenu', (event) => {
  // A field keeps its own menu, and so do the toolbars.
  if (isTyping(event.target) || (!host.contains(event.target) && event.target !== document.body)) return;
  event.preventDefault();
  if (performance.now() - keyboardMenuAt < 500 || cropEditor.isOpen || gesture) return;
  if (!host.contains(event.target)) return openContextMenuFromKeys();
  if (lastPointerDown.type !== 'mouse' && lastPointerDown.button !== 2) return;
  const view = viewPoint(event);
  openContextMenu(event.clientX, event.clientY, canvas.toDocument(view.x, view.y));
});

/// A finger or a pen held still on the page for half a second opens the context menu, where a hold
/// draws nothing: with the select or the hand tool, while viewing, or a finger in pen-only mode.
const LONG_PRESS_MS = 500;
let longPress = null;
host.addEventListener('pointerdown', (event) => {
  clearTimeout(longPress?.timer);
  longPress = null;
  const holds = !state.editable || ['select', 'hand'].includes(toolbar.state.tool) || (state.penOnly && event.pointerType === 'touch');
  // A handle held before it is dragged is a drag about to start, not a menu.
  if (event.pointerType === 'mouse' || event.button !== 0 || !holds || touches.size > 0 || cropEditor.isOpen
    || event.target.closest?.('.handle, .handle-target')) return;
  const { pointerId, pointerType, clientX, clientY } = event;
  longPress = { pointerId, pointerType, clientX, clientY, timer: setTimeout(pressedLong, LONG_PRESS_MS) };
}, true);
host.addEventListener('pointermove', (event) => {
  if (event.pointerId === longPress?.pointerId && Math.hypot(event.clientX - longPress.clientX, event.clientY - longPress.clientY) > 8) endLongPress();
}, true);
for (const kind of ['pointerup', 'pointercancel']) host.addEventListener(kind, (event) => { if (event.pointerId === longPress?.pointerId) endLongPress(); }, true);

function endLongPress() {
  clearTimeout(longPress?.timer);
  longPress = null;
}

/// What the press began (a tap, a marquee, a pan, a drag of the selection) gives way to the menu.
function pressedLong() {
  const { pointerId, pointerType, clientX, clientY } = longPress;
  longPress = null;
  if (touches.size > 1) return;
  callSelectionDragOff();
  endPointer({ pointerId, pointerType, timeStamp: performance.now() }, 'cancelled');
  const view = viewPoint({ clientX, clientY });
  openContextMenu(clientX, clientY, canvas.toDocument(view.x, view.y));
}

/// The context menu's items for a press at `point`: for the selection, or for the page when nothing
/// is selected; what changes the document only while editing.
function contextMenuSections(point) {
  const ids = contextMenuBare ? [] : state.selection?.ids ?? [], edits = state.editable;
  const nodes = ids.map((id) => canvas.elements.get(id)?.node).filter(Boolean);
  const item = (label, keys, testid, run, disabled = false) => ({ label, shortcut: keys && shortcut(...keys), testid, run, disabled });
  const arranging = (label, keys, action) => item(label, keys, action, () => arrangeSelection({ action }));
  const paste = edits && item('Paste here', ['Ctrl', 'V'], 'paste', () => pasteAt(point));
  if (!ids.length) {
    const locked = canvas.content.querySelector(':scope > g[data-locked]') !== null;
    // The locked element pressed on is unlocked alone (and selected), as tldraw's Unlock.
    const pressed = edits && contextMenuClient && lockedElementAt(contextMenuClient.x, contextMenuClient.y);
    return [
      edits && [item('Undo', ['Ctrl', 'Z'], 'undo', () => undoOrRedo(false), $('undo').disabled),
        item('Redo', ['Ctrl', 'Shift', 'Z'], 'redo', () => undoOrRedo(true), $('redo').disabled)],
      [paste],
      [item('Select all', ['Ctrl', 'A'], 'select-all', selectAll), item('Zoom to fit', ['Shift', '1'], 'zoom-fit', () => canvas.fitPage()),
        pressed && item('Unlock', null, 'unlock', () => sendEdit({ type: 'selection', action: 'unlock', ids: [pressed.id.slice(2)] })),
        edits && locked && arranging('Unlock all', null, 'unlockAll')],
    ];
  }
  const textBox = nodes.length === 1 && nodes[0].dataset.kind === 'textBox' ? nodes[0] : null, picture = selectedPicture();
  const aligning = (label, keys, edge) => item(label, keys, `align-${edge}`, () => arrangeSelection({ action: 'align', edge }));
  const spacing = (label, keys, axis) => item(label, keys, `distribute-${axis}`, () => arrangeSelection({ action: 'distribute', axis }), ids.length < 3);
  return [
    [edits && item('Cut', ['Ctrl', 'X'], 'cut', () => copySelection(true, true)), item('Copy', ['Ctrl', 'C'], 'copy', () => copySelection(false, true)),
      { label: 'Copy as', testid: 'copy-as', submenu: [[item('Picture', ['Shift', 'Alt', 'C'], 'copy-picture', copyAsPicture), item('SVG', null, 'copy-svg', copyAsSVG)]] },
      paste, edits && item('Duplicate', ['Ctrl', 'D'], 'duplicate', () => sendEdit({ type: 'selection', action: 'duplicate', ids })),
      edits && item('Delete', ['Delete'], 'delete', () => sendEdit({ type: 'selection', action: 'delete', ids }))],
    edits && [textBox && item('Edit text', null, 'edit-text', () => editText(textBox)),
      nodes.some((node) => node.dataset.kind === 'stroke') && arranging('Straighten into shapes', null, 'straighten'),
      picture && item('Crop picture', ['Enter'], 'crop', () => startCrop(picture)), picture && item('Describe picture…', null, 'describe', describePicture)],
    edits && [ids.length > 1 && { label: 'Align', testid: 'align', submenu: [
      [aligning('Left edges', ['Alt', 'A'], 'left'), aligning('Centres', ['Alt', 'H'], 'center'), aligning('Right edges', ['Alt', 'D'], 'right')],
      [aligning('Top edges', ['Alt', 'W'], 'top'), aligning('Middles', ['Alt', 'V'], 'middle'), aligning('Bottom edges', ['Alt', 'S'], 'bottom')],
      [spacing('Space out across', ['Shift', 'Alt', 'H'], 'horizontal'), spacing('Space out down', ['Shift', 'Alt', 'V'], 'vertical')]] },
    { label: 'Rotate and flip', testid: 'rotate-flip', submenu: [
      [item('Rotate right 90°', ['Alt', 'R'], 'rotate-right', () => turnSelection('right')),
        item('Rotate left 90°', ['Shift', 'Alt', 'R'], 'rotate-left', () => turnSelection('left'))],
      [item('Flip left to right', ['Shift', 'H'], 'flip-horizontal', () => arrangeSelection({ action: 'flip', axis: 'horizontal' })),
        item('Flip upside down', ['Shift', 'V'], 'flip-vertical', () => arrangeSelection({ action: 'flip', axis: 'vertical' }))]] },
    { label: 'Order', testid: 'order', submenu: [[arranging('Bring to front', ['Shift', ']'], 'front'), arranging('Bring forward', [']'], 'forward'),
      arranging('Send backward', ['['], 'backward'), arranging('Send to back', ['Shift', '['], 'back')]] }],
    edits && [ids.length > 1 && arranging('Group', ['Ctrl', 'G'], 'group'),
      nodes.some((node) => node.dataset.group) && arranging('Ungroup', ['Ctrl', 'Shift', 'G'], 'ungroup'), arranging('Lock', ['Ctrl', 'Shift', 'L'], 'lock')],
    [item('Zoom to selection', ['Shift', '2'], 'zoom-selection', zoomToSelection), item('Select all', ['Ctrl', 'A'], 'select-all', selectAll)],
  ];
}

/// The context menu's Paste: what the system clipboard holds from another app (a picture, a link or
/// text), as Ctrl+V pastes it, else what this tab copied, centred where the menu was opened.
async function pasteAt(point) {
  if (!state.editable) return toast('Switch to Edit to paste.');
  const found = await clipboardContents();
  if (found?.picture) return insertImage(found.picture, point);
  if (found?.text) return insertPastedText(found.text, point);
  if (hasCopied) return sendEdit({ type: 'selection', action: 'paste', view: canvas.view, at: point });
  toast(`Nothing copied in this tab; ${shortcut('Ctrl', 'V')} pastes what another app or tab copied.`);
}

/// A picture or text on the system clipboard, when the browser lets the page read it; elements a
/// tab copied leave only their mark there, which a page cannot read back.
async function clipboardContents() {
  try {
    for (const item of await navigator.clipboard.read()) {
      const type = item.types.find((kind) => kind.startsWith('image/'));
      if (type) return { picture: new File([await item.getType(type)], 'pasted', { type }) };
      const text = item.types.includes('text/plain') ? (await (await item.getType('text/plain')).text()).trim() : '';
      if (text) return { text };
    }
  } catch { /* not readable here, or not allowed */ }
  return null;
}

// For tests and automation: the document as this page shows it.
window.markupkit = {
  get elementCount() { return canvas.elements.size; },
  get saveState() { return $('save-state').dataset.state; },
  /// Whether the document has come over the open socket (Saved is said as soon as it opens).
  get hasDocument() { return connection.isOpen && connection.hasDocument; },
  get outboxSize() { return outbox.size; },
  get pendingStrokes() { return canvas.pendingCount; },
  /// Whether strokes are drawn here by the WebAssembly ink.
  get drawsOwnInk() { return ink !== null; },
  /// Milliseconds from each pen move to the frame showing its ink (the last 2,000).
  get inkLatencies() { return [...inkLatencies]; },
  get pointerMessagesSent() { return pointerMessagesSent; },
  canvas,
  ruler,
  toolbar,
  state,
};
