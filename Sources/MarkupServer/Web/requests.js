// The server's API as both pages ask it: an answer that is not OK becomes an Error in the
// server's words, and a file it sends is saved as the browser saves a download.

/// The most characters a document's title and a folder's name may have (DocumentTitle, FolderName).
export const TITLE_LENGTH = 200, FOLDER_NAME_LENGTH = 100;

/// Takes the access token out of the page's address (the server gave it to the browser as a cookie
/// with the page): out of the address bar, the history, bookmarks and links copied from there. Not
/// a redirect, which a link followed from another site would reach without the cookie (SameSite).
export function dropTokenFromAddress() {
  const address = new URL(location.href);
  if (!address.searchParams.has('token')) return;
  address.searchParams.delete('token');
  history.replaceState(history.state, '', address);
}

/// `fetch(path, options)`, its response when OK; otherwise throws with the server's `{error}`, or
/// its status.
export async function request(path, options = {}) {
  const response = await fetch(path, options);
  if (!response.ok) {
    let message = `the server answered ${response.status}`;
    try { message = (await response.json()).error || message; } catch { /* not JSON */ }
    throw new Error(message);
  }
  return response;
}

/// Has sw.js show offline.html for this server's pages while it cannot be reached (where the
/// browser runs service workers: over https and on this machine's own address). Once the page has
/// loaded, so that it takes nothing from the first view.
export function standInWhenOffline() {
  if (!navigator.serviceWorker) return;
  const register = () => navigator.serviceWorker.register('/sw.js').catch(() => { /* the browser's own error page, then */ });
  if (document.readyState === 'complete') register(); else addEventListener('load', register, { once: true });
}

/// `request`'s answer as JSON (null for none).
export async function api(path, options = {}) {
  const response = await request(path, options);
  return response.status === 204 ? null : response.json();
}

/// Saves what `response` holds under the name the server gives it (else `fallbackName`), and
/// gives back that name.
export async function saveDownload(response, fallbackName) {
  const disposition = response.headers.get('Content-Disposition') || '';
  const encoded = (disposition.match(/filename\*=UTF-8''([^;]+)/i) || [])[1];
  let name = (disposition.match(/filename="([^"]+)"/) || [])[1] || fallbackName;
  try { if (encoded) name = decodeURIComponent(encoded); } catch { /* the plain name, then */ }
  const url = URL.createObjectURL(await response.blob());
  const download = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(download);
  download.click();
  download.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  return name;
}

/// Saves document `id` as `format` (`options`, when given, the fetch's: a POST of a selection's
/// ids, say), and for a Xournal++ notebook over a PDF the PDF beside it, under the name Xournal++
/// looks for. Gives back what to say: the file's name, and what another app's format left behind.
export async function downloadExport(id, format, { query = '', options } = {}) {
  const response = await request(`/api/documents/${id}/export.${format}${query}`, options);
  const notes = decodeURIComponent(response.headers.get('X-Conversion-Notes') || '');
  const name = await saveDownload(response, `document.${format}`);
  // A notebook's PDF goes beside it; a selection's notebook has none.
  if (format === 'xopp' && !options) {
    const pdf = await fetch(`/api/documents/${id}/export.xopp.bg.pdf`);
    if (pdf.ok) await saveDownload(pdf, `${name}.bg.pdf`);
  }
  return notes ? `Saved ${name}; not carried over exactly: ${notes.split('\n').join('; ')}` : `Saved ${name}`;
}
