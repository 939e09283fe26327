// The WebSocket to the server, reconnecting with backoff. The server is the authority: after a
// reconnect its hello carries the whole document again, so nothing saved is lost.
export class Connection {
  constructor(documentID, onMessage, onState) {
    this.documentID = documentID;
    this.onMessage = onMessage;
    this.onState = onState;
    this.delay = 250;
    this.open();
  }

  open() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    this.socket = new WebSocket(`${scheme}://${location.host}/ws?doc=${encodeURIComponent(this.documentID)}`);
    this.socket.onopen = () => { this.delay = 250; this.onState('open'); };
    this.socket.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    this.socket.onclose = () => {
      this.onState('closed');
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  get isOpen() { return this.socket.readyState === WebSocket.OPEN; }

  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }
}
