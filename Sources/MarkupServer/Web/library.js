// The library page: a grid of documents with server-rendered thumbnails.
import { ask, confirmAction, pick } from './dialog.js';
const grid = document.getElementById('grid');
const status = document.getElementById('status');

async function api(path, options = {}) {
  const response = await fetch(path, options);
  if (!response.ok) {
    let message = `${response.status}`;
    try { message = (await response.json()).error || message; } catch { /* not JSON */ }
    throw new Error(message);
  }
  return response.status === 204 ? null : response.json();
}

function show(message) { status.textContent = message || ''; }

function card(doc) {
  const item = document.createElement('li');
  item.className = 'card';
  item.dataset.testid = 'document';
  item.dataset.id = doc.id;
  const link = document.createElement('a');
  link.href = `/edit/${doc.id}`;
  link.className = 'thumb';
  const image = document.createElement('img');
  image.alt = '';
  image.loading = 'lazy';
  image.src = `${doc.thumbnail}?v=${doc.modified}`;
  link.append(image);
  const title = document.createElement('div');
  title.className = 'title';
  title.textContent = doc.title;
  const meta = document.createElement('div');
  meta.className = 'meta';
  meta.textContent = new Date(doc.modified * 1000).toLocaleString() + (doc.readOnly ? ' · read-only' : '');
  if (doc.readOnly) meta.title = doc.readOnly;
  const actions = document.createElement('div');
  actions.className = 'actions';
  for (const [label, handler] of [['Rename', rename], ['Duplicate', duplicate], ['Versions', versions], ['Delete', remove]]) {
    const button = document.createElement('button');
    button.textContent = label;
    button.dataset.testid = label.toLowerCase();
    button.addEventListener('click', () => handler(doc).catch((error) => show(error.message)));
    actions.append(button);
  }
  item.append(link, title, meta, actions);
  return item;
}

async function refresh() {
  grid.setAttribute('aria-busy', 'true');
  let documents;
  try {
    documents = await api('/api/documents');
    grid.replaceChildren(...documents.map(card));
  } finally { grid.removeAttribute('aria-busy'); }
  if (!documents.length) show('No documents yet. Make one with New, or import a .markup, Xournal++, Excalidraw or InkML file, a PDF or an image.');
  else filter();
}

// The search field shows the documents whose titles hold every word typed, in any case and order.
const search = document.getElementById('search');
let saidNoMatch = false;
function filter() {
  const words = search.value.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const item of grid.children) {
    const title = item.querySelector('.title').textContent.toLocaleLowerCase();
    item.hidden = !words.every((word) => title.includes(word));
    if (!item.hidden) shown += 1;
  }
  const noMatch = words.length > 0 && shown === 0;
  if (noMatch) show(`No title holds “${search.value.trim()}”.`);
  else if (saidNoMatch) show('');
  saidNoMatch = noMatch;
}
search.addEventListener('input', filter);

async function rename(doc) {
  const title = await ask({ title: 'Rename', label: 'Title', value: doc.title, confirmLabel: 'Rename' });
  if (!title || title === doc.title) return;
  await api(`/api/documents/${doc.id}`, { method: 'PATCH', body: JSON.stringify({ title }) });
  await refresh();
}

async function duplicate(doc) {
  await api(`/api/documents/${doc.id}/duplicate`, { method: 'POST' });
  await refresh();
}

/// The saved versions, newest first; restoring one is itself a change the editor can undo.
async function versions(doc) {
  const list = await api(`/api/documents/${doc.id}/versions`);
  if (!list.length) return show(`“${doc.title}” has no saved versions yet.`);
  const choice = await pick({
    title: `Versions of “${doc.title}”`, message: 'Newest first. Restoring one is itself a change you can undo.', confirmLabel: 'Restore',
    items: list.map((version) => ({ label: `${new Date(version.created * 1000).toLocaleString()} (version ${version.version})`, value: version.version })),
  });
  if (choice === null) return;
  await api(`/api/documents/${doc.id}/restore`, { method: 'POST', body: JSON.stringify({ version: Number(choice) }) });
  show(`Restored version ${choice} of “${doc.title}”.`);
  await refresh();
}

async function remove(doc) {
  if (!await confirmAction({ title: 'Delete?', message: `“${doc.title}” and all its versions will be gone.`, confirmLabel: 'Delete', danger: true })) return;
  await api(`/api/documents/${doc.id}`, { method: 'DELETE' });
  await refresh();
}

// The paper new documents get: the last one chosen.
const newPaper = document.getElementById('new-paper');
newPaper.value = localStorage.getItem('markupkit.paper') || 'plain';
if (!newPaper.value) newPaper.value = 'plain';
newPaper.addEventListener('change', () => localStorage.setItem('markupkit.paper', newPaper.value));

document.getElementById('new').addEventListener('click', async () => {
  try {
    const doc = await api('/api/documents', { method: 'POST', body: JSON.stringify({ title: 'Untitled', paper: newPaper.value }) });
    location.href = `/edit/${doc.id}?new`;
  } catch (error) { show(error.message); }
});

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
    let path = `/api/import?name=${encodeURIComponent(file.name)}`;
    let body = file;
    if (companion) {
      path += `&split=${file.size}&companion=${encodeURIComponent(companion.name)}`;
      body = new Blob([file, companion]);
    }
    try {
      show(`Importing ${file.name}…`);
      const doc = await api(path, { method: 'POST', body });
      reports.push(doc.notes && doc.notes.length
        ? `Imported ${file.name}; not carried over exactly: ${doc.notes.join('; ')}`
        : `Imported ${file.name}.`);
    } catch (error) { reports.push(`Could not import ${file.name}: ${error.message}`); }
  }
  show(reports.join(' '));
  await refresh();
}

refresh().catch((error) => show(error.message));
