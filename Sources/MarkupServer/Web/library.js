// The library page: a grid of documents with server-rendered thumbnails.
import { ContextMenu } from './contextmenu.js';
import { ask, confirmAction, pick } from './dialog.js';
import { cardToward, shownCards } from './gridkeys.js';
import { importable } from './images.js';
import { api, downloadExport, dropTokenFromAddress, FOLDER_NAME_LENGTH, request, saveDownload, standInWhenOffline, TITLE_LENGTH } from './requests.js';
import { Selecting } from './selecting.js';
import { restoreVersion } from './versions.js';
const grid = document.getElementById('grid');
const status = document.getElementById('status');

/// Says `message` in the status line, with a button that runs `action.run` when there is one.
function show(message, action = null) {
  status.textContent = message || '';
  if (!action) return;
  const button = document.createElement('button');
  button.textContent = action.label;
  button.dataset.testid = action.testid;
  button.addEventListener('click', () => action.run().catch((error) => show(error.message)));
  status.append(' ', button);
}

/// A document's card: its thumbnail (a link to open it, when `link`), title, a line about it and
/// its actions: buttons (`[label, testid, handler]`, each handler given the document), or with
/// `menu` (the document's menu's sections) a ⋯ button that opens the menu, as a right-click on
/// the card does, as Files' and Notes' cards.
function cardOf(doc, { testid, thumbnail, link, about, actions, menu = null }) {
  const item = document.createElement('li');
  item.className = 'card';
  item.dataset.testid = testid;
  item.dataset.id = doc.id;
  const thumb = document.createElement(link ? 'a' : 'div');
  if (link) thumb.href = link;
  thumb.className = 'thumb';
  const image = document.createElement('img');
  image.alt = '';
  image.loading = 'lazy';
  image.src = thumbnail;
  image.addEventListener('error', () => image.remove());
  thumb.append(image);
  const title = document.createElement('div');
  title.className = 'title';
  title.dir = 'auto';
  title.textContent = doc.title;
  const meta = document.createElement('div');
  meta.className = 'meta';
  meta.textContent = about;
  if (menu) {
    const heading = document.createElement('div');
    heading.className = 'heading';
    const more = document.createElement('button');
    more.className = 'more';
    more.dataset.testid = 'more';
    more.textContent = '⋯';
    more.title = 'Rename, move, duplicate, versions, delete';
    more.setAttribute('aria-label', `More for ${doc.title}`);
    more.setAttribute('aria-haspopup', 'menu');
    more.addEventListener('click', (event) => {
      event.stopPropagation();
      if (cardMenu.anchor === more) return cardMenu.close();
      cardMenu.openFrom(more, menu);
    });
    item.addEventListener('contextmenu', (event) => {
      event.preventDefault();
      // In select mode a press picks the card, however long.
      if (selecting.on) return;
      cardMenu.openFrom(more, menu, { x: event.clientX, y: event.clientY });
    });
    heading.append(title, more);
    item.append(thumb, heading, meta);
    return item;
  }
  const buttons = document.createElement('div');
  buttons.className = 'actions';
  for (const [label, name, handler] of actions) {
    const button = document.createElement('button');
    button.textContent = label;
    button.dataset.testid = name;
    button.addEventListener('click', () => handler(doc).catch(cardActionFailed));
    buttons.append(button);
  }
  item.append(thumb, title, meta, buttons);
  return item;
}

/// A card's menu: one open at a time; Escape, a press elsewhere or a scroll closes it.
const cardMenu = new ContextMenu(document.getElementById('card-menu'), { prefix: '' });
window.addEventListener('scroll', () => cardMenu.close(), true);

/// The formats a document downloads as from its card, as the editor's Export menu has them (a
/// Xournal++ notebook over a PDF with its PDF; what another app's format leaves behind said).
const DOWNLOADS = [['.markup', 'markup'], ['PDF', 'pdf'], ['PNG', 'png'], ['SVG', 'svg'], ['Xournal++ (.xopp)', 'xopp'],
  ['Excalidraw', 'excalidraw'], ['InkML', 'inkml']];


function card(doc) {
  const item = cardOf(doc, {
    testid: 'document', thumbnail: `${doc.thumbnail}?v=${doc.modified}`, link: `/edit/${doc.id}`,
    about: new Date(doc.modified * 1000).toLocaleString() + (doc.folder ? ` · ${doc.folder}` : '') + (doc.readOnly ? ' · read-only' : ''),
    menu: documentMenu(doc),
  });
  item.dataset.folder = doc.folder ?? '';
  if (doc.readOnly) item.querySelector('.meta').title = doc.readOnly;
  // Dragged onto a folder in the bar, it goes in that folder (onto All documents, in none).
  item.draggable = true;
  item.addEventListener('dragstart', (event) => {
    event.dataTransfer.setData(DOCUMENT_DRAG, JSON.stringify({ id: doc.id, title: doc.title }));
    event.dataTransfer.effectAllowed = 'move';
  });
  return item;
}

/// A document card's menu: what can be done with it, its downloads in a submenu.
function documentMenu(doc) {
  const item = (label, testid, handler, more = {}) => ({ label, testid, run: () => handler(doc).catch(cardActionFailed), ...more });
  return [
    [item('Rename…', 'rename', rename), item('Move to folder…', 'move', move), item('Duplicate', 'duplicate', duplicate),
      { label: 'Download', testid: 'download', submenu: [DOWNLOADS.map(([label, format]) => item(label, `download-${format}`, async () => show(await downloadExport(doc.id, format))))] },
      item('Versions…', 'versions', versions)],
    [item('Delete', 'delete', remove, { danger: true })],
  ];
}

// The keyboard in the grid (each card's picture, its link, holds the focus): the arrows, Home and
// End go from card to card; Delete or Backspace deletes the document (with Undo) and F2 renames it;
// the menu key or Shift+F10 opens its menu; in select mode Space picks it.
grid.addEventListener('keydown', (event) => {
  const item = event.target.closest?.('[data-testid=document]');
  if (!item || event.target !== item.querySelector('a.thumb') || event.altKey || event.ctrlKey || event.metaKey) return;
  const next = cardToward(grid, item, event.key);
  if (next) {
    event.preventDefault();
    next.querySelector('a.thumb').focus();
    return;
  }
  const doc = listedByID.get(item.dataset.id), at = shownCards(grid).indexOf(item);
  const focusAt = (index) => {
    const shown = shownCards(grid);
    shown[Math.min(index, shown.length - 1)]?.querySelector('a.thumb').focus();
  };
  if ((event.key === 'Delete' || event.key === 'Backspace') && !event.shiftKey) {
    event.preventDefault();
    remove(doc).then(() => focusAt(at), (error) => show(error.message));
  } else if (event.key === 'F2') {
    event.preventDefault();
    // The focus stays on the card renamed, wherever the order puts it.
    rename(doc).then(() => { if (!focusCard(doc.id)) focusAt(at); }, (error) => show(error.message));
  } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
    event.preventDefault();
    item.querySelector('.more')?.click();
  } else if (event.key === ' ' && selecting.on) {
    event.preventDefault();
    item.click();
  }
});

/// The documents as last listed, by id.
let listedByID = new Map();

/// Gives the focus to document `id`'s card, when it is shown; whether it did.
function focusCard(id) {
  const link = grid.querySelector(`[data-testid=document][data-id="${CSS.escape(id)}"] a.thumb`);
  link?.focus();
  return Boolean(link);
}

/// How many times the library was asked for: of two reads under way at once, only the later one's
/// answer is drawn (the earlier may predate a change the later saw).
let reads = 0;

async function refresh() {
  const read = ++reads;
  grid.setAttribute('aria-busy', 'true');
  let documents;
  try {
    const answers = await Promise.all([api('/api/documents').then(sorted), api('/api/folders')]);
    if (read !== reads) return;
    [documents, knownFolders] = answers;
    listedByID = new Map(documents.map((doc) => [doc.id, doc]));
    // A card that had the focus keeps it, drawn anew.
    const focused = document.activeElement?.closest?.('[data-testid=document]')?.dataset.id;
    grid.replaceChildren(...documents.map(card));
    if (focused) focusCard(focused);
    selecting.render();
    renderFolders(documents);
    await refreshDeleted();
  } finally { if (read === reads) grid.removeAttribute('aria-busy'); }
  if (read !== reads) return;
  if (!documents.length && !status.textContent) show('No documents yet. Make one with New, or import a .markup, Xournal++, Excalidraw, tldraw or InkML file, a PDF or an image.');
  else filter();
}

// The documents' order: last changed first (as the server lists them), by title (as people sort
// words, numbers by their value), or last made first; kept on this browser.
const sortOrder = document.getElementById('sort');
sortOrder.value = localStorage.getItem('markupkit.sort') || 'modified';
if (!sortOrder.value) sortOrder.value = 'modified';
const titleOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
function sorted(documents) {
  const by = sortOrder.value;
  if (by === 'title') return [...documents].sort((a, b) => titleOrder.compare(a.title, b.title));
  if (by === 'created') return [...documents].sort((a, b) => b.created - a.created);
  return documents;
}
sortOrder.addEventListener('change', () => {
  localStorage.setItem('markupkit.sort', sortOrder.value);
  refresh().catch((error) => show(error.message));
});

// Recently deleted: below the documents, folded, shown only when something is there.
const deletedSection = document.getElementById('deleted');
const deletedGrid = document.getElementById('deleted-grid');

async function refreshDeleted() {
  const deleted = await api('/api/deleted');
  deletedSection.hidden = deleted.length === 0;
  document.getElementById('deleted-summary').textContent = `Recently deleted (${deleted.length})`;
  deletedGrid.replaceChildren(...deleted.map(deletedCard));
}

function deletedCard({ document: doc, deleted, purged }) {
  const days = Math.max(0, Math.ceil((purged * 1000 - Date.now()) / 86_400_000));
  return cardOf(doc, {
    testid: 'deleted-document', thumbnail: doc.thumbnail,
    about: `Deleted ${new Date(deleted * 1000).toLocaleString()} · ${days === 1 ? '1 day' : `${days} days`} left`,
    actions: [['Restore', 'restore-deleted', restoreDeleted], ['Delete now…', 'purge', purge]],
  });
}

const restoreDeleted = (doc) => restoreDocuments([doc]);

/// Brings `docs` back from recently deleted, and says so.
async function restoreDocuments(docs) {
  const { done, failure } = await forEachDocument(docs, (doc) => api(`/api/deleted/${doc.id}/restore`, { method: 'POST' }));
  show([done.length && `Restored ${named(done)}.`, failure].filter(Boolean).join(' '));
}

async function purge(doc) {
  if (!await confirmAction({ title: 'Delete for good?', message: `“${doc.title}” and all its versions will be gone; this cannot be undone.`,
    confirmLabel: 'Delete', danger: true })) return;
  await api(`/api/deleted/${doc.id}`, { method: 'DELETE' });
  show(`Deleted “${doc.title}” for good.`);
  await refresh();
}

document.getElementById('empty-deleted').addEventListener('click', async () => {
  try {
    const count = deletedGrid.children.length;
    if (!await confirmAction({ title: 'Delete all for good?', message: `${count === 1 ? 'The document' : `All ${count} documents`} in recently deleted, with their versions, will be gone; this cannot be undone.`,
      confirmLabel: 'Delete all', danger: true })) return;
    await api('/api/deleted', { method: 'DELETE' });
    show('Recently deleted is empty.');
    await refresh();
  } catch (error) { show(error.message); }
});

// Folders, one level, as note apps' notebooks: a bar of them over the documents, each with how
// many it holds; the one open shows its documents alone and takes new and imported ones. A folder
// is made with New folder or by moving a document into it, and stays, empty too, until removed.
const folderBar = document.getElementById('folders');
let openFolder = localStorage.getItem('markupkit.folder') || null;
/// Every folder there is, by name, as last listed.
let knownFolders = [];

function renderFolders(documents) {
  const counts = new Map(knownFolders.map((name) => [name, 0]));
  for (const doc of documents) if (doc.folder) counts.set(doc.folder, (counts.get(doc.folder) ?? 0) + 1);
  if (openFolder && !counts.has(openFolder)) setOpenFolder(null);
  const chip = (label, folder, count) => {
    const button = document.createElement('button');
    button.className = 'folder-chip';
    button.dataset.testid = folder === null ? 'folder-all' : 'folder';
    button.dataset.folder = folder ?? '';
    button.textContent = count === undefined ? label : `${label} (${count})`;
    button.setAttribute('aria-pressed', String(folder === openFolder));
    button.addEventListener('click', () => { setOpenFolder(folder); filter(); renderFolders(documents); });
    return button;
  };
  const names = [...counts.keys()].sort((a, b) => a.localeCompare(b));
  const made = document.createElement('button');
  made.className = 'folder-action';
  made.textContent = 'New folder…';
  made.dataset.testid = 'new-folder';
  made.addEventListener('click', () => newFolder().catch((error) => show(error.message)));
  folderBar.replaceChildren(chip('All documents', null), ...names.map((name) => chip(name, name, counts.get(name))), made);
  if (openFolder) {
    for (const [label, testid, run] of [['Rename folder…', 'rename-folder', renameFolder], ['Remove folder…', 'remove-folder', removeFolder]]) {
      const button = document.createElement('button');
      button.className = 'folder-action';
      button.textContent = label;
      button.dataset.testid = testid;
      button.addEventListener('click', () => run(openFolder).catch((error) => show(error.message)));
      folderBar.append(button);
    }
  }
}

/// What a card dragged carries: the document's id and title.
const DOCUMENT_DRAG = 'application/x-markupkit-document';

folderBar.addEventListener('dragover', (event) => {
  const chip = event.target.closest('.folder-chip');
  if (!chip || !event.dataTransfer.types.includes(DOCUMENT_DRAG)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = 'move';
  for (const other of folderBar.querySelectorAll('.drop-target')) other.classList.toggle('drop-target', other === chip);
  chip.classList.add('drop-target');
});
folderBar.addEventListener('dragleave', (event) => event.target.closest?.('.folder-chip')?.classList.remove('drop-target'));
folderBar.addEventListener('drop', (event) => {
  const chip = event.target.closest('.folder-chip'), carried = event.dataTransfer.getData(DOCUMENT_DRAG);
  if (!chip || !carried) return;
  event.preventDefault();
  event.stopPropagation();
  chip.classList.remove('drop-target');
  const { id, title } = JSON.parse(carried);
  fileDocuments([{ id, title }], chip.dataset.folder || null).catch((error) => show(error.message));
});

function setOpenFolder(folder) {
  openFolder = folder;
  if (folder) localStorage.setItem('markupkit.folder', folder); else localStorage.removeItem('markupkit.folder');
}

/// Asks where to file documents: a folder there is (but `current`), a new one, or none (offered
/// as `outLabel`, when given). Resolves to the folder's name, null for none, or undefined when
/// nothing was chosen.
async function chooseFolder(title, { current = null, outLabel = null } = {}) {
  const choice = await pick({
    title, confirmLabel: 'Move',
    items: [{ label: 'New folder…', value: { made: true } }, ...knownFolders.filter((name) => name !== current).map((name) => ({ label: name, value: { name } })),
      ...(outLabel ? [{ label: outLabel, value: { name: null } }] : [])],
  });
  if (choice === null) return undefined;
  if (!choice.made) return choice.name;
  return (await ask({ title: 'New folder', label: 'Name', confirmLabel: 'Move', maxLength: FOLDER_NAME_LENGTH })) ?? undefined;
}

/// Files the document in a folder: one there is, a new one, or none.
async function move(doc) {
  const folder = await chooseFolder(`Move “${doc.title}”`, { current: doc.folder, outLabel: doc.folder ? 'Out of its folder' : null });
  if (folder !== undefined) await fileDocuments([doc], folder);
}

/// How several documents are spoken of: “Notes”, or “3 documents”.
const named = (docs) => (docs.length === 1 ? `“${docs[0].title}”` : `${docs.length} documents`);

/// Runs `perform` for every one of `docs`, all of them even when some fail, then draws the grid
/// again: gives back those it was done for, and words for those it was not (empty when none).
async function forEachDocument(docs, perform) {
  const results = await Promise.allSettled(docs.map(perform));
  const failed = docs.filter((_, index) => results[index].status === 'rejected');
  await refresh();
  return {
    done: docs.filter((_, index) => results[index].status === 'fulfilled'),
    failure: failed.length ? `${named(failed)} could not be done: ${results.find((result) => result.reason)?.reason.message}.` : '',
  };
}

/// Files `docs` in `folder` (null: in none), and says so.
async function fileDocuments(docs, folder) {
  const { done, failure } = await forEachDocument(docs, (doc) => api(`/api/documents/${doc.id}`, { method: 'PATCH', body: JSON.stringify({ folder }) }));
  const moved = !done.length ? '' : folder === null ? `${named(done)} ${done.length === 1 ? 'is' : 'are'} in no folder now.` : `Moved ${named(done)} to ${folder}.`;
  show([moved, failure].filter(Boolean).join(' '));
}

/// Moves `docs` to recently deleted at once (nothing is lost, so nothing is asked), with one Undo
/// beside the word of it, as Apple's Notes and Files delete.
async function removeDocuments(docs) {
  const { done, failure } = await forEachDocument(docs, (doc) => api(`/api/documents/${doc.id}`, { method: 'DELETE' }));
  if (!done.length) return show(failure);
  show([`Moved ${named(done)} to Recently deleted.`, failure].filter(Boolean).join(' '),
    { label: 'Undo', testid: 'undo-delete', run: () => restoreDocuments(done) });
}

// Several documents at once: moved into one folder, downloaded as one zip, or deleted together
// (with one Undo).
const selecting = new Selecting(grid, document.getElementById('bulk-bar'), document.getElementById('select-documents'), {
  documentOf: (id) => listedByID.get(id),
  failed: (error) => show(error.message),
  async move(docs) {
    const folder = await chooseFolder(`Move ${named(docs)}`, { outLabel: 'Out of their folders' });
    if (folder !== undefined) await fileDocuments(docs, folder);
  },
  async download(docs) {
    await saveDownload(await request('/api/library.zip', { method: 'POST', body: JSON.stringify({ ids: docs.map((doc) => doc.id) }) }),
      'MarkupKit documents.zip');
    show(`Downloaded ${named(docs)}.`);
  },
  remove: removeDocuments,
});

/// Makes an empty folder, and opens it: what is made or imported next goes in it.
async function newFolder() {
  const name = await ask({ title: 'New folder', label: 'Name', confirmLabel: 'Make', maxLength: FOLDER_NAME_LENGTH });
  if (!name) return;
  await api('/api/folders', { method: 'POST', body: JSON.stringify({ name }) });
  setOpenFolder(name);
  await refresh();
}

async function renameFolder(name) {
  const to = (await ask({ title: 'Rename folder', label: 'Name', value: name, confirmLabel: 'Rename', maxLength: FOLDER_NAME_LENGTH }))?.trim();
  if (!to || to === name) return;
  await api('/api/folders/rename', { method: 'POST', body: JSON.stringify({ from: name, to }) });
  setOpenFolder(to);
  await refresh();
}

async function removeFolder(name) {
  if (!await confirmAction({ title: `Remove folder ${name}?`, message: 'Its documents stay in the library, in no folder.', confirmLabel: 'Remove' })) return;
  await api('/api/folders/rename', { method: 'POST', body: JSON.stringify({ from: name, to: null }) });
  setOpenFolder(null);
  await refresh();
}

// The search field shows the documents whose titles hold every word typed, in any case and order,
// with or without accents ("resume" finds "Résumé"), in the folder open.
const search = document.getElementById('search');
let saidNoMatch = false;
/// `text` lower-cased with its letters' accents taken off, as a search compares it.
const folded = (text) => text.normalize('NFD').replace(/\p{Mn}/gu, '').toLocaleLowerCase();
function filter() {
  const words = folded(search.value).split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const item of grid.children) {
    const title = folded(item.querySelector('.title').textContent);
    item.hidden = !words.every((word) => title.includes(word)) || (openFolder !== null && item.dataset.folder !== openFolder);
    if (!item.hidden) shown += 1;
  }
  const noMatch = words.length > 0 && shown === 0;
  if (noMatch) show(`No title holds “${search.value.trim()}”.`);
  else if (saidNoMatch) show('');
  saidNoMatch = noMatch;
}
search.addEventListener('input', filter);

async function rename(doc) {
  const title = await ask({ title: 'Rename', label: 'Title', value: doc.title, confirmLabel: 'Rename', maxLength: TITLE_LENGTH });
  if (!title || title === doc.title) return;
  await api(`/api/documents/${doc.id}`, { method: 'PATCH', body: JSON.stringify({ title }) });
  await refresh();
}

async function duplicate(doc) {
  await api(`/api/documents/${doc.id}/duplicate`, { method: 'POST' });
  await refresh();
}

/// The saved versions, newest first; restoring one keeps the document as it was among them first
/// (and is a change a page that has it open can undo).
async function versions(doc) {
  const choice = await restoreVersion(doc);
  if (choice === 'none') return show(`“${doc.title}” has no saved versions yet.`);
  if (choice === null) return;
  show(`Restored version ${choice} of “${doc.title}”; how it was is kept as its newest version, to go back to in Versions….`);
  await refresh();
}

/// Moves the document to recently deleted, with Undo.
const remove = (doc) => removeDocuments([doc]);

// The paper new documents get: the last one chosen.
const newPaper = document.getElementById('new-paper');
newPaper.value = localStorage.getItem('markupkit.paper') || 'plain';
if (!newPaper.value) newPaper.value = 'plain';
newPaper.addEventListener('change', () => localStorage.setItem('markupkit.paper', newPaper.value));

// The page size new documents get: the last one chosen.
const newSize = document.getElementById('new-size');
newSize.value = localStorage.getItem('markupkit.pageSize') || 'tablet';
if (!newSize.value) newSize.value = 'tablet';
newSize.addEventListener('change', () => localStorage.setItem('markupkit.pageSize', newSize.value));

// One document however often New is clicked while it is being made (a double-click made two).
document.getElementById('new').addEventListener('click', async (event) => {
  const button = event.currentTarget;
  if (button.disabled) return;
  button.disabled = true;
  try {
    const doc = await api('/api/documents', { method: 'POST', body: JSON.stringify({ title: 'Untitled', paper: newPaper.value, size: newSize.value,
      ...(openFolder && { folder: openFolder }) }) });
    location.href = `/edit/${doc.id}?new`;
  } catch (error) {
    show(error.message);
    button.disabled = false;
  }
});
// Come back to from the editor (the browser's Back, from its page cache): New works again.
addEventListener('pageshow', () => { document.getElementById('new').disabled = false; });

document.getElementById('import').addEventListener('change', (event) => {
  const files = [...event.target.files];
  event.target.value = '';
  importFiles(files);
});

// Files dropped anywhere on the page import as chosen ones do.
document.addEventListener('dragover', (event) => {
  if (![...event.dataTransfer.items].some((item) => item.kind === 'file')) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = 'copy';
  document.body.classList.add('dropping');
});
document.addEventListener('dragleave', (event) => {
  if (!event.relatedTarget) document.body.classList.remove('dropping');
});
document.addEventListener('drop', (event) => {
  event.preventDefault();
  document.body.classList.remove('dropping');
  if (event.dataTransfer.files.length) importFiles([...event.dataTransfer.files]);
});

/// Files import one by one; a .xopp chosen with a PDF is sent with it, as the background it annotates.
async function importFiles(files) {
  const isPDF = (file) => /\.pdf$/i.test(file.name);
  const notebooks = files.filter((file) => /\.(xopp|xoj)$/i.test(file.name));
  const pdfs = files.filter(isPDF);
  const companionOf = (file) => (notebooks.includes(file) && pdfs.length === 1 ? pdfs[0] : null);
  const reports = [];
  for (const file of files) {
    if (isPDF(file) && notebooks.length && pdfs.length === 1) continue;
    const companion = companionOf(file);
    let path = `/api/import?name=${encodeURIComponent(file.name)}${openFolder ? `&folder=${encodeURIComponent(openFolder)}` : ''}`;
    let body = file, scaled = null;
    if (companion) {
      path += `&split=${file.size}&companion=${encodeURIComponent(companion.name)}`;
      body = new Blob([file, companion]);
    }
    try {
      show(`Importing ${file.name}…`);
      if (!companion) ({ body, note: scaled } = await importable(file));
      const doc = await api(path, { method: 'POST', body });
      if (doc.documents) {
        // An archive: each of its files a document, in its folder.
        const count = doc.documents.length;
        reports.push(`Imported ${count} document${count === 1 ? '' : 's'} from ${file.name}.`
          + (doc.failures.length ? ` Not imported: ${doc.failures.join('; ')}.` : ''));
      } else {
        const notes = [...(scaled ? [scaled] : []), ...(doc.notes ?? [])];
        reports.push(notes.length ? `Imported ${file.name}; not carried over exactly: ${notes.join('; ')}` : `Imported ${file.name}.`);
      }
    } catch (error) { reports.push(`Could not import ${file.name}: ${error.message}`); }
  }
  show(reports.join(' '));
  await refresh();
}

refresh().catch((error) => show(error.message));
dropTokenFromAddress();
standInWhenOffline();

/// A card's action that failed: said in the server's words, or, when its document had gone already
/// (deleted or changed in another tab, or by someone else), said so and the cards drawn anew.
function cardActionFailed(error) {
  const gone = /^no (deleted )?document/.test(error.message);
  show(gone ? 'That document is no longer there: it was deleted or moved elsewhere. The library shows what it holds now.' : error.message);
  if (gone) refresh().catch(() => {});
}

// Back to this tab (from an editor, or another window), the library is read again: others may
// have added, renamed or deleted documents meanwhile.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') refresh().catch((error) => show(error.message));
});

/// While the library is shown, it looks every so often for what others changed (a library shared by
/// several people, or another window), and draws the cards again only when something did, and
/// not while a menu, a dialog or a card's title being renamed is open.
const LOOK_AGAIN_MS = 20000;
const signature = (documents) => JSON.stringify(documents.map(({ id, title, modified, folder }) => [id, title, modified, folder ?? null]).sort());
setInterval(async () => {
  if (document.visibilityState !== 'visible' || document.querySelector('dialog[open], .menu:not([hidden]), [contenteditable=true]')) return;
  const documents = await api('/api/documents').catch(() => null);
  if (documents && signature(documents) !== signature([...listedByID.values()])) refresh().catch((error) => show(error.message));
}, LOOK_AGAIN_MS);
