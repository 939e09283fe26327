// A document's saved versions, newest first, one of them restored: from a library card's menu, and
// from the editor's Export menu, where the restore is a change Undo takes back.
import { pick } from './dialog.js';
import { api } from './requests.js';

/// Asks which version of document `{ id, title }` to restore and restores it; resolves to the
/// version restored, `'none'` when it has none saved yet, or null when nothing was chosen.
export async function restoreVersion({ id, title }) {
  const list = await api(`/api/documents/${id}/versions`);
  if (!list.length) return 'none';
  const choice = await pick({
    title: `Versions of “${title}”`, message: 'Newest first. Restoring one keeps the document as it is now among its versions first, so you can go back to it.', confirmLabel: 'Restore',
    items: list.map((version) => ({
      label: `${new Date(version.created * 1000).toLocaleString()} · ${sizeText(version.bytes)} (version ${version.version})`,
      value: version.version, image: `/api/documents/${id}/versions/${version.version}/thumbnail.png`,
    })),
  });
  if (choice === null) return null;
  await api(`/api/documents/${id}/restore`, { method: 'POST', body: JSON.stringify({ version: Number(choice) }) });
  return choice;
}

/// A file's size as people read it: bytes, KB or MB.
function sizeText(bytes) {
  if (!(bytes >= 0)) return '';
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
