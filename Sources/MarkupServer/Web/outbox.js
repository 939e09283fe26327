// The edits this page made that the server has not acknowledged yet, kept in IndexedDB so that a
// dropped connection, a reload or a server restart loses none of them. Each edit has an id made
// here; the server acknowledges it by that id once it is durable, and recognises a resend of it, so
// everything left here is sent again, in order, whenever the page (re)connects.
const DATABASE = 'markupkit';
const STORE = 'outbox';
/// How long the page waits for the browser's database before it goes on without it.
const OPEN_MS = 4000;

function request(operation) {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

export class Outbox {
  /// The outbox of `documentID`, with whatever an earlier visit of this page left in it.
  static async open(documentID) {
    const outbox = new Outbox(documentID);
    try {
      outbox.database = await new Promise((resolve, reject) => {
        const opening = indexedDB.open(DATABASE, 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'op' });
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
        // A browser whose database never answers (it happens) must not keep the page from opening.
        setTimeout(() => reject(new Error('IndexedDB did not answer')), OPEN_MS);
      });
      const all = await request(outbox.database.transaction(STORE).objectStore(STORE).getAll());
      for (const entry of all.filter((item) => item.document === documentID).sort((a, b) => a.order - b.order)) {
        outbox.entries.set(entry.op, entry);
        outbox.counter = Math.max(outbox.counter, entry.order + 1);
      }
    } catch (error) {
      // Without IndexedDB (a private window in some browsers) edits are kept for this visit only.
      outbox.database = null;
      outbox.kept = false;
    }
    return outbox;
  }

  constructor(documentID) {
    this.documentID = documentID;
    this.entries = new Map();
    this.counter = Date.now();
    /// Whether what is kept here outlives the tab; false once the browser's database failed (no
    /// IndexedDB, or a write refused: storage full). `onLost` is called when it turns false.
    this.kept = true;
    this.onLost = null;
    this.pageID = Math.random().toString(36).slice(2, 10);
  }

  get size() { return this.entries.size; }

  /// What to send again, oldest first.
  get pending() { return [...this.entries.values()].sort((a, b) => a.order - b.order); }

  /// Keeps `message` (an edit in the form that can be sent again on its own) until it is
  /// acknowledged; returns the id it is sent under. `preview` is what the page shows of it meanwhile.
  add(message, preview = null) {
    const order = this.counter++;
    const op = `${this.pageID}-${order.toString(36)}`;
    const entry = { op, order, document: this.documentID, message: { ...message, op }, preview };
    this.entries.set(op, entry);
    this.write((store) => store.put(entry));
    return op;
  }

  /// The server has saved (or refused) edit `op`: it is no longer kept.
  settle(op) {
    const entry = this.entries.get(op);
    if (!entry) return null;
    this.entries.delete(op);
    this.write((store) => store.delete(op));
    return entry;
  }

  /// Gives every edit kept here to document `documentID` instead (this one was deleted for good),
  /// once the browser has written them so.
  async moveTo(documentID) {
    const entries = this.pending.map((entry) => ({ ...entry, document: documentID }));
    if (!this.database) throw new Error('this browser cannot keep edits across pages');
    const transaction = this.database.transaction(STORE, 'readwrite');
    for (const entry of entries) transaction.objectStore(STORE).put(entry);
    await new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onabort = () => reject(transaction.error ?? new Error('the browser could not keep them'));
    });
    this.entries.clear();
  }

  write(change) {
    if (!this.database) return;
    try {
      const transaction = this.database.transaction(STORE, 'readwrite');
      // A write refused later (storage full) aborts its transaction: only then is it known.
      transaction.onabort = () => this.lost();
      change(transaction.objectStore(STORE));
    } catch (error) {
      this.lost();
    }
  }

  lost() {
    if (!this.kept) return;
    this.kept = false;
    this.onLost?.();
  }
}
