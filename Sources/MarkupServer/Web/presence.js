// Presence: who else is on the document (the chips in the top bar) and where their pointers are
// (labelled cursors over the canvas). The person's own name is kept in this browser and can be
// changed by clicking it; a click on someone else's chip follows their view (tldraw's and
// Excalidraw's follow), another click stops.

const NAME_KEY = 'markupkit.name';
const CURSOR_INTERVAL = 30; // milliseconds between the cursor positions this page sends

function initials(name) {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((word) => [...word][0].toUpperCase()).join('') || '?';
}

export class Presence {
  /// `bar` holds the chips, `layer` the cursors; `canvas` maps document points to the view;
  /// `send` sends a message to the server; `lasers` draws the others' laser pointers; `onFollow`
  /// is told whose chip was clicked to follow them (null: to stop).
  constructor(bar, layer, canvas, send, lasers, onFollow) {
    this.bar = bar;
    this.lasers = lasers;
    this.layer = layer;
    this.canvas = canvas;
    this.send = send;
    this.peers = new Map(); // id → { name, color, at, drawing, node }
    this.total = 0;
    this.onFollow = onFollow;
    /// The id of the peer whose view this page follows, if any.
    this.following = null;
    this.name = localStorage.getItem(NAME_KEY) || `Guest ${Math.floor(100 + Math.random() * 900)}`;
    localStorage.setItem(NAME_KEY, this.name);
    this.lastSent = 0;
    this.pendingCursor = null;
    this.render();
  }

  /// Says who this page is; after every (re)connection.
  introduce() { this.send({ type: 'presence', name: this.name }); }

  receive(message) {
    switch (message.type) {
      case 'presence':
        for (const peer of this.peers.values()) peer.node?.remove();
        this.peers.clear();
        for (const peer of message.peers) this.peers.set(peer.id, { ...peer });
        this.total = message.total;
        break;
      case 'peer': {
        const known = this.peers.get(message.peer.id);
        if (!known) this.total += 1;
        this.peers.set(message.peer.id, { ...known, ...message.peer });
        if (known?.node) this.placeCursor(message.peer.id);
        break;
      }
      case 'peerLeft':
        this.peers.get(message.id)?.node?.remove();
        if (this.peers.delete(message.id)) this.total = Math.max(0, this.total - 1);
        break;
      case 'cursor': {
        const peer = this.peers.get(message.id);
        if (!peer) return;
        peer.at = message.x === undefined ? null : { x: message.x, y: message.y };
        peer.drawing = message.drawing;
        // A laser's trail follows its moves; a move without it lifts the trail.
        if (message.laser || peer.laser) this.lasers.add(message.id, message.laser ? peer.at : null);
        peer.laser = Boolean(message.laser);
        this.placeCursor(message.id);
        return;
      }
      default: return;
    }
    this.render();
  }

  /// This page's pointer at `point` (document points; null when it left the canvas), sent at most
  /// every CURSOR_INTERVAL ms, the latest position last.
  moved(point, drawing, laser = false) {
    this.pendingCursor = point ? { type: 'cursor', x: point.x, y: point.y, drawing, laser } : { type: 'cursor', drawing: false };
    const wait = this.lastSent + CURSOR_INTERVAL - performance.now();
    if (!point || wait <= 0) return this.flushCursor();
    if (!this.timer) this.timer = setTimeout(() => this.flushCursor(), wait);
  }

  flushCursor() {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.pendingCursor) return;
    this.send(this.pendingCursor);
    this.pendingCursor = null;
    this.lastSent = performance.now();
  }

  /// After a pan or zoom: the cursors follow the document.
  reposition() { for (const id of this.peers.keys()) this.placeCursor(id); }

  placeCursor(id) {
    const peer = this.peers.get(id);
    if (!peer.at) {
      peer.node?.remove();
      peer.node = null;
      return;
    }
    if (!peer.node) {
      peer.node = document.createElement('div');
      peer.node.className = 'cursor';
      peer.node.dataset.peer = id;
      peer.node.innerHTML = '<svg width="16" height="20" viewBox="0 0 16 20" aria-hidden="true"><path d="M1 1 L1 16 L5 12 L8 19 L11 18 L8 11 L14 11 Z"/></svg><span></span>';
      this.layer.append(peer.node);
    }
    peer.node.style.setProperty('--peer', peer.color);
    peer.node.classList.toggle('drawing', Boolean(peer.drawing));
    peer.node.querySelector('span').textContent = peer.name;
    const view = this.canvas.toView(peer.at.x, peer.at.y);
    peer.node.style.transform = `translate(${view.x}px, ${view.y}px)`;
  }

  render() {
    const chip = (name, color, label, tag = 'span', title = label) => {
      const element = document.createElement(tag);
      element.className = 'peer';
      element.style.setProperty('--peer', color);
      element.textContent = initials(name);
      element.title = title;
      if (tag === 'span') element.setAttribute('role', 'img');
      element.setAttribute('aria-label', label);
      return element;
    };
    const me = document.createElement('button');
    me.className = 'me';
    me.dataset.testid = 'my-name';
    me.textContent = this.name;
    me.title = 'Your name, as the others see it: click to change it';
    me.addEventListener('click', () => this.editName(me));
    const others = [...this.peers.entries()].map(([id, peer]) => {
      const followed = id === this.following;
      const button = chip(peer.name, peer.color, `${peer.name} is here`, 'button',
        followed ? `Following ${peer.name}'s view: click to stop` : `${peer.name} is here: click to follow their view`);
      button.dataset.testid = `follow-${id}`;
      button.setAttribute('aria-pressed', String(followed));
      button.addEventListener('click', () => this.onFollow(followed ? null : id));
      return button;
    });
    const more = this.total - this.peers.size;
    if (more > 0) {
      const extra = document.createElement('span');
      extra.className = 'peer more';
      extra.textContent = `+${more}`;
      extra.title = `${more} more here`;
      others.push(extra);
    }
    this.bar.replaceChildren(me, ...others);
    this.bar.setAttribute('aria-label', this.peers.size ? `${this.total + 1} people here` : 'Only you are here');
  }

  editName(button) {
    const input = document.createElement('input');
    input.className = 'me';
    input.value = this.name;
    input.maxLength = 40;
    input.setAttribute('aria-label', 'Your name');
    input.dataset.testid = 'my-name-input';
    const done = (save) => {
      const name = input.value.trim();
      if (save && name && name !== this.name) {
        this.name = name;
        localStorage.setItem(NAME_KEY, name);
        this.introduce();
      }
      this.render();
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') done(true);
      if (event.key === 'Escape') done(false);
      event.stopPropagation();
    });
    input.addEventListener('blur', () => done(true));
    button.replaceWith(input);
    input.focus();
    input.select();
  }
}
