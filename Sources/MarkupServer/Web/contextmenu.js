// The canvas's context menu (a right-click, a long press, the keyboard's menu key): what can be
// done with the selection, or with the page when nothing is selected, as tldraw and Excalidraw
// offer it. The editor says what the items are; this shows them at the pointer, kept inside the
// window, and lets the arrow keys, Home, End, Enter and Escape work them.

export class ContextMenu {
  /// `root` is the menu's element, empty and hidden.
  constructor(root) {
    this.root = root;
    this.runs = new Map();
    this.at = null;
    root.setAttribute('role', 'menu');
    root.addEventListener('click', (event) => {
      const item = event.target.closest('button');
      if (!item || item.disabled) return;
      const run = this.runs.get(item);
      this.close();
      run?.();
    });
    root.addEventListener('keydown', (event) => this.key(event));
    // A press anywhere else, the window losing focus or changing size closes it.
    document.addEventListener('pointerdown', (event) => { if (this.isOpen && !root.contains(event.target)) this.close(); }, true);
    window.addEventListener('blur', () => this.close());
    window.addEventListener('resize', () => this.close());
  }

  get isOpen() { return !this.root.hidden; }

  /// Opens at (x, y), client pixels, with `sections`: lists of items `{ label, shortcut, testid, run,
  /// disabled }`, falsy ones and empty sections left out, a line between sections. From the
  /// keyboard, the first item takes the focus.
  open(x, y, sections, fromKeyboard = false) {
    this.at = { x, y };
    this.render(sections);
    this.root.hidden = false;
    this.place();
    if (fromKeyboard) this.items()[0]?.focus();
  }

  /// Shows `sections` in the open menu instead (the selection changed meanwhile), from the same corner.
  update(sections) {
    if (!this.isOpen) return;
    const focused = this.root.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    this.render(sections);
    this.place();
    if (focused) this.root.querySelector(`[data-testid="${CSS.escape(focused)}"]`)?.focus();
  }

  close() {
    if (!this.isOpen) return;
    const hadFocus = this.root.contains(document.activeElement);
    this.root.hidden = true;
    this.root.replaceChildren();
    this.runs.clear();
    if (hadFocus) document.activeElement?.blur?.();
  }

  render(sections) {
    this.root.replaceChildren();
    this.runs.clear();
    for (const items of sections.filter(Boolean).map((section) => section.filter(Boolean)).filter((section) => section.length)) {
      if (this.root.childElementCount) {
        const line = document.createElement('div');
        line.className = 'separator';
        line.setAttribute('role', 'separator');
        this.root.append(line);
      }
      for (const { label, shortcut, testid, run, disabled } of items) {
        const item = document.createElement('button');
        item.setAttribute('role', 'menuitem');
        item.dataset.testid = `context-${testid}`;
        item.disabled = Boolean(disabled);
        const name = document.createElement('span');
        name.textContent = label;
        item.append(name);
        if (shortcut) {
          const keys = document.createElement('kbd');
          keys.textContent = shortcut;
          item.append(keys);
        }
        this.runs.set(item, run);
        this.root.append(item);
      }
    }
  }

  /// At the pointer; where the window ends, to its left or above it, or else as far along as fits.
  place() {
    const { width, height } = this.root.getBoundingClientRect();
    const margin = 4;
    const along = (at, size, room) => {
      if (at + size <= room - margin) return at;
      return at - size >= margin ? at - size : Math.max(margin, room - margin - size);
    };
    Object.assign(this.root.style, { left: `${along(this.at.x, width, innerWidth)}px`, top: `${along(this.at.y, height, innerHeight)}px` });
  }

  items() { return [...this.root.querySelectorAll('button:not(:disabled)')]; }

  /// The arrow keys, Home and End go from item to item, Enter and Space choose the one with the
  /// focus, Escape and Tab close the menu; says whether the key was the menu's. The editor hands it
  /// the keys pressed while the menu is open.
  key(event) {
    const items = this.items(), at = items.indexOf(document.activeElement);
    const to = { ArrowDown: at + 1, ArrowUp: (at < 0 ? items.length : at) - 1, Home: 0, End: items.length - 1 }[event.key];
    if (to !== undefined) {
      items[(to + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      this.close();
    } else if ((event.key === 'Enter' || event.key === ' ') && at >= 0) {
      items[at].click();
    } else {
      return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  }
}
