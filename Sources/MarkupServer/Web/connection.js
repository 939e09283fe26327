// The WebSocket to the server, reconnecting with backoff. The server is the authority: after a
// reconnect its hello carries the whole document again, so nothing saved is lost.
export class Connection {
  /// `drawsOwnInk`: this page draws its strokes itself, so the server sends it no live outlines of them.
  /// `isDark`: whether the page shows the dark appearance, so a first view sent before the document
  /// is read comes drawn that way.
  constructor(documentID, onMessage, onState, drawsOwnInk = false, isDark = () => false) {
    this.documentID = documentID;
    this.drawsOwnInk = drawsOwnInk;
    this.isDark = isDark;
    this.onMessage = onMessage;
    this.onState = onState;
    this.delay = 250;
    this.isDeleted = false;
    this.open();
  }

  open() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ink = this.drawsOwnInk ? '&ink=local' : '';
    const dark = this.isDark() ? '&dark=1' : '';
    this.socket = new WebSocket(`${scheme}://${location.host}/ws?doc=${encodeURIComponent(this.documentID)}&page=${Connection.pageID}${ink}${dark}`);
    this.socket.onopen = () => { this.delay = 250; this.onState('open'); };
    this.socket.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    this.socket.onclose = () => {
      this.onState('closed');
      setTimeout(() => this.reopen(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  /// Opens the socket again, unless the library says the document is gone (deleted meanwhile, here
  /// or in another tab): then `isDeleted`, told by 'deleted', and it looks again now and then, to
  /// come back once the document is restored.
  async reopen() {
    let gone = false;
    try {
      gone = (await fetch(`/api/documents/${encodeURIComponent(this.documentID)}`)).status === 404;
    } catch { /* the server is away: try the socket as ever */ }
    if (this.isDeleted !== gone) {
      this.isDeleted = gone;
      this.onState(gone ? 'deleted' : 'closed');
    }
    if (gone) setTimeout(() => this.reopen(), 5000);
    else this.open();
  }

  /// This tab's id, kept across reloads: the server keeps its undo history under it.
  static get pageID() {
    let id = sessionStorage.getItem('markupkit-page');
    if (!id) {
      id = Math.random().toString(36).slice(2, 12);
      sessionStorage.setItem('markupkit-page', id);
    }
    return id;
  }

  get isOpen() { return this.socket.readyState === WebSocket.OPEN; }

  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }
}
