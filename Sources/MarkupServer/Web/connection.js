// The WebSocket to the server, reconnecting with backoff. The server is the authority: after a
// reconnect its hello carries the whole document again, so nothing saved is lost.
//
// A link can also fall silent without closing (Wi-Fi lost, a laptop woken from sleep, a proxy that
// forgot the connection): the page asks `ping` once it has heard nothing for a while, sooner when an
// edit waits for its answer, and drops a socket that then stays silent, so the page says it is
// offline and sends its edits again once the link is back.
import { TAB_ID } from './tabid.js';

export class Connection {
  /// Silence before the page asks whether the link is alive.
  static QUIET_MS = 10000;
  /// Silence after an edit was sent before it asks.
  static EDIT_QUIET_MS = 2000;
  /// Silence after a ping before the socket is given up (long enough for a slow link to bring the
  /// messages queued before the answer).
  static ANSWER_MS = 15000;
  /// The same once the browser says the network is gone: only a server on this machine answers then.
  static OFFLINE_ANSWER_MS = 3000;
  /// How long an answer may take before the document has come.
  static FIRST_VIEW_ANSWER_MS = 60000;
  /// How long a socket may take to open before it is tried again (a connection attempt into a
  /// silent network waits for minutes otherwise).
  static CONNECT_MS = 10000;

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
    /// Deleted for good, not only put in recently deleted: it cannot come back.
    this.isPurged = false;
    /// The server answers, but not to this page's token (it restarted with another): the page is
    /// told to open the address the server printed, and looks again now and then.
    this.needsToken = false;
    this.editSentAt = null;
    this.reopenTimer = null;
    this.open();
    setInterval(() => this.checkLink(), 1000);
    // The network back (or changed: a socket that still looks open may be dead), it tries at once.
    addEventListener('online', () => { this.reopenNow(); this.ask(); });
    // The network gone, the page finds out at once whether its server still answers (one on this
    // machine does), rather than after its usual silence.
    addEventListener('offline', () => this.ask(Connection.OFFLINE_ANSWER_MS));
    // A page shown again (a laptop woken, a tab brought back) asks at once.
    document.addEventListener('visibilitychange', () => { if (!document.hidden) this.ask(); });
  }

  open() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ink = this.drawsOwnInk ? '&ink=local' : '';
    const dark = this.isDark() ? '&dark=1' : '';
    this.socket = new WebSocket(`${scheme}://${location.host}/ws?doc=${encodeURIComponent(this.documentID)}&page=${Connection.pageID}${ink}${dark}`);
    const socket = this.socket;
    setTimeout(() => { if (this.socket === socket && socket.readyState === WebSocket.CONNECTING) this.drop(); }, Connection.CONNECT_MS);
    // The server answers a ping at once, even while it reads the document: a link that dies before
    // the document comes is found out too.
    this.heardAt = performance.now();
    this.pingedAt = null;
    this.hasDocument = false;
    // An upgrade accepted is a token accepted. The backoff starts over only once the document has
    // come: a document the server cannot open closes each socket right after it opens.
    this.socket.onopen = () => { this.needsToken = false; this.onState('open'); };
    this.socket.onmessage = (event) => {
      this.heardAt = performance.now();
      this.pingedAt = null;
      const message = JSON.parse(event.data);
      if (message.type === 'pong') return;
      if (message.type === 'hello') {
        this.hasDocument = true;
        this.delay = 250;
      }
      this.onMessage(message);
    };
    this.socket.onclose = () => this.closed();
  }

  closed() {
    this.onState('closed');
    // Spread out, so that the pages of a server that restarted do not all come back at once.
    this.reopenTimer = setTimeout(() => this.reopen(), this.delay * (0.75 + Math.random() / 2));
    this.delay = Math.min(this.delay * 2, 5000);
  }

  /// The network is back: try at once instead of after the backoff.
  reopenNow() {
    if (this.reopenTimer === null) return;
    clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    this.delay = 250;
    this.reopen();
  }

  /// Asks whether the link is alive, unless a question is already out.
  ask(answerWithin = Connection.ANSWER_MS) {
    if (!this.isOpen) return;
    // Before the document, the answer may wait behind its first view (up to a few megabytes) on a slow link.
    if (!this.hasDocument) answerWithin = Math.max(answerWithin, Connection.FIRST_VIEW_ANSWER_MS);
    this.answerWithin = Math.min(answerWithin, this.pingedAt === null ? Infinity : this.answerWithin);
    if (this.pingedAt !== null) return;
    this.pingedAt = performance.now();
    this.socket.send('{"type":"ping"}');
  }

  checkLink() {
    if (!this.isOpen) return;
    const now = performance.now();
    if (this.pingedAt === null) {
      const editWaits = this.editSentAt !== null && this.editSentAt > this.heardAt;
      if (editWaits ? now - this.editSentAt >= Connection.EDIT_QUIET_MS : now - this.heardAt >= Connection.QUIET_MS) this.ask();
    } else if (now - this.pingedAt >= this.answerWithin) {
      this.drop();
    }
  }

  /// Gives up a socket that stopped answering, as if it had closed.
  drop() {
    const socket = this.socket;
    socket.onopen = socket.onmessage = socket.onclose = null;
    socket.close();
    this.closed();
  }

  /// Opens the socket again, unless the library says the document is gone (deleted meanwhile, here
  /// or in another tab): then `isDeleted`, told by 'deleted', and it looks again now and then, to
  /// come back once the document is restored.
  async reopen() {
    this.reopenTimer = null;
    let gone = false;
    try {
      const answer = await fetch(`/api/documents/${encodeURIComponent(this.documentID)}`, { signal: AbortSignal.timeout(Connection.CONNECT_MS) });
      if ((answer.status === 401) !== this.needsToken) {
        this.needsToken = answer.status === 401;
        this.onState('closed');
      }
      if (this.needsToken) {
        this.reopenTimer = setTimeout(() => this.reopen(), 5000);
        return;
      }
      gone = answer.status === 404;
      const purged = gone && (await fetch(`/api/deleted/${encodeURIComponent(this.documentID)}`, { signal: AbortSignal.timeout(Connection.CONNECT_MS) })).status === 404;
      if (purged !== this.isPurged) {
        this.isPurged = purged;
        if (this.isDeleted && gone) this.onState('deleted');
      }
    } catch { /* the server is away: try the socket as ever */ }
    if (this.isDeleted !== gone) {
      this.isDeleted = gone;
      this.onState(gone ? 'deleted' : 'closed');
    }
    if (gone) this.reopenTimer = setTimeout(() => this.reopen(), 5000);
    else this.open();
  }

  /// This tab's id, kept across reloads: the server keeps its undo history (and clipboard) under it.
  static get pageID() { return TAB_ID; }

  get isOpen() { return this.socket.readyState === WebSocket.OPEN; }

  /// Open and the document come: what the server is then sent acts after every edit kept here.
  get isReady() { return this.isOpen && this.hasDocument; }

  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    // The first edit sent since the page last heard anything: its answer is awaited.
    if (message.op && !(this.editSentAt > this.heardAt)) this.editSentAt = performance.now();
    return true;
  }
}
