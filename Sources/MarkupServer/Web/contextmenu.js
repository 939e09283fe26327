// A menu of actions opened where they apply: the canvas's context menu (a right-click, a long
// press, the keyboard's menu key), what can be done with the selection or the page, as tldraw and
// Excalidraw offer it; a library card's menu, below its ⋯ button, as Files' and Notes' cards. The
// page says what the items are; this shows them at the pointer or below the button, kept inside
// the window, opens an item's submenu beside it (pointed at, tapped, or the right arrow), and lets
// the arrow keys, Home, End, Enter and Escape work them.

export class ContextMenu {
  /// `root` is the menu's element, empty and hidden; each item's `data-testid` is its `testid`
  /// after `prefix`.
  constructor(root, { prefix = 'context-' } = {}) {
    this.root = root;
    this.prefix = prefix;
    this.runs = new Map();
    this.submenus = new Map();
    this.open_ = null;
    this.hover = null;
    this.at = null;
    this.rightEdge = null;
    this.anchor = null;
    root.setAttribute('role', 'menu');
    root.addEventListener('click', (event) => {
      const item = event.target.closest('button');
      if (!item || item.disabled) return;
      if (this.submenus.has(item)) return this.openSubmenu(item, event.detail === 0);
      if (item === this.open_?.back) return this.closeSubmenu();
      const run = this.runs.get(item);
      this.close();
      this.ran = { at: event.timeStamp, x: event.clientX, y: event.clientY };
      run?.();
    });
    // The second press of a double-click on an item lands on whatever lay under the menu (another
    // library card, which it would open; the canvas, where a pen would draw): it is let go, from the
    // press to the click.
    this.ran = null;
    const secondPress = (event) => this.ran && event.timeStamp - this.ran.at < ContextMenu.DOUBLE_CLICK_MS && !root.contains(event.target)
      && Math.hypot(event.clientX - this.ran.x, event.clientY - this.ran.y) < 8;
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick']) {
      document.addEventListener(type, (event) => {
        if (!secondPress(event)) return;
        event.preventDefault();
        event.stopPropagation();
      }, true);
    }
    root.addEventListener('keydown', (event) => this.key(event));
    // A mouse or a pen pointing at an item with a submenu opens it; at another of the menu's items,
    // closes it, a moment later so that a slanting way to the submenu across its neighbours keeps it.
    root.addEventListener('pointerover', (event) => {
      if (event.pointerType === 'touch') return;
      const item = event.target.closest('button');
      clearTimeout(this.hover);
      if (!item || item.parentElement !== root) return;
      const opens = this.submenus.has(item) && !item.disabled;
      if (opens && this.open_?.trigger === item) return;
      this.hover = setTimeout(() => (opens ? this.openSubmenu(item) : this.closeSubmenu()), this.open_ ? 250 : 80);
    });
    // A press anywhere else, the window losing focus or changing size closes it.
    // (A press on the button it opened from is that button's: a second tap closes it there.)
    document.addEventListener('pointerdown', (event) => {
      if (this.isOpen && !root.contains(event.target) && !this.anchor?.contains(event.target)) this.close();
    }, true);
    window.addEventListener('blur', () => this.close());
    window.addEventListener('resize', () => this.close());
  }

  get isOpen() { return !this.root.hidden; }

  /// Opens at (x, y), client pixels, with `sections`: lists of items `{ label, shortcut, testid, run,
  /// disabled, danger }` or `{ label, testid, submenu }` (`submenu` being sections too), falsy ones
  /// and empty sections left out, a line between sections. From the keyboard, the first item takes
  /// the focus.
  open(x, y, sections, fromKeyboard = false) {
    this.close();
    this.at = { x, y };
    this.rightEdge = null;
    this.render(sections);
    this.root.hidden = false;
    this.place();
    if (fromKeyboard) this.items(this.root)[0]?.focus();
  }

  /// Opens below `anchor`, the button it belongs to, its right edges lined up (at (x, y) instead
  /// when given: where the button's owner was right-clicked), its first item focused; closed, the
  /// focus goes back to the button.
  openFrom(anchor, sections, at = null) {
    const box = anchor.getBoundingClientRect();
    this.open(at?.x ?? box.right, at?.y ?? box.bottom + 4, sections, true);
    if (!at) {
      this.rightEdge = box.right;
      this.place();
    }
    this.anchor = anchor;
    anchor.setAttribute('aria-expanded', 'true');
  }

  /// Shows `sections` in the open menu instead (the selection changed meanwhile), from the same
  /// corner, with the same submenu open if it is still there.
  update(sections) {
    if (!this.isOpen) return;
    const focused = this.root.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    const opened = this.open_?.trigger.dataset.testid;
    this.render(sections);
    this.place();
    const trigger = opened && this.find(opened);
    if (trigger && this.submenus.has(trigger)) this.openSubmenu(trigger);
    if (focused) this.find(focused)?.focus();
  }

  /// How long after an item ran a click that is the second of a double-click is let go.
  static DOUBLE_CLICK_MS = 500;

  close() {
    if (!this.isOpen) return;
    const hadFocus = this.root.contains(document.activeElement), anchor = this.anchor;
    clearTimeout(this.hover);
    this.open_ = null;
    this.anchor = null;
    this.root.hidden = true;
    this.root.replaceChildren();
    this.runs.clear();
    this.submenus.clear();
    anchor?.setAttribute('aria-expanded', 'false');
    if (hadFocus && anchor) anchor.focus();
    else if (hadFocus) document.activeElement?.blur?.();
  }

  find(testid) { return this.root.querySelector(`[data-testid="${CSS.escape(testid)}"]`); }

  render(sections) {
    clearTimeout(this.hover);
    this.open_ = null;
    this.root.classList.remove('stacked');
    this.root.replaceChildren();
    this.runs.clear();
    this.submenus.clear();
    this.fill(this.root, sections);
  }

  /// Puts `sections`' items into `menu`, the root or a submenu's panel.
  fill(menu, sections) {
    for (const items of sections.filter(Boolean).map((section) => section.filter(Boolean)).filter((section) => section.length)) {
      if (menu.querySelector(':scope > button')) {
        const line = document.createElement('div');
        line.className = 'separator';
        line.setAttribute('role', 'separator');
        menu.append(line);
      }
      for (const { label, shortcut, testid, run, disabled, danger, submenu } of items) {
        const item = document.createElement('button');
        item.setAttribute('role', 'menuitem');
        item.dataset.testid = this.prefix + testid;
        item.disabled = Boolean(disabled);
        if (danger) item.className = 'danger';
        const name = document.createElement('span');
        name.textContent = label;
        item.append(name);
        if (shortcut) {
          const keys = document.createElement('kbd');
          keys.textContent = shortcut;
          item.append(keys);
        }
        if (submenu) {
          item.setAttribute('aria-haspopup', 'menu');
          item.setAttribute('aria-expanded', 'false');
          this.submenus.set(item, submenu);
        } else {
          this.runs.set(item, run);
        }
        menu.append(item);
      }
    }
  }

  /// Opens `trigger`'s submenu beside it (the one open before closes); from the keyboard, its first
  /// item takes the focus.
  openSubmenu(trigger, focusFirst = false) {
    clearTimeout(this.hover);
    if (this.open_?.trigger !== trigger) {
      this.closeSubmenu();
      const panel = document.createElement('div');
      panel.className = 'context-menu submenu';
      panel.setAttribute('role', 'menu');
      panel.dataset.testid = `${trigger.dataset.testid}-menu`;
      this.fill(panel, this.submenus.get(trigger));
      this.root.append(panel);
      trigger.setAttribute('aria-expanded', 'true');
      this.open_ = { trigger, panel };
      this.placeSubmenu();
    }
    if (focusFirst) this.items(this.open_.panel).find((item) => item !== this.open_.back)?.focus();
  }

  /// Closes the open submenu, the focus back on its item when it was inside.
  closeSubmenu() {
    if (!this.open_) return;
    const { trigger, panel, back } = this.open_;
    const hadFocus = panel.contains(document.activeElement);
    for (const item of panel.querySelectorAll('button')) this.runs.delete(item);
    panel.remove();
    trigger.setAttribute('aria-expanded', 'false');
    this.open_ = null;
    if (back) {
      this.root.classList.remove('stacked');
      this.keepInside();
    }
    if (hadFocus) trigger.focus();
  }

  /// At the pointer (or below the button, right edges lined up); where the window ends, to its
  /// left or above it, or else as far along as fits.
  place() {
    const { width, height } = this.root.getBoundingClientRect();
    const left = this.rightEdge === null ? along(this.at.x, width, innerWidth) : Math.max(MARGIN, Math.min(this.rightEdge, innerWidth - MARGIN) - width);
    Object.assign(this.root.style, { left: `${left}px`, top: `${along(this.at.y, height, innerHeight)}px` });
  }

  /// Beside its item, its first item level with it: on the right, or on the left where the window
  /// ends; where neither side has room (a phone's), in the menu's place, with a way back.
  placeSubmenu() {
    const { trigger, panel } = this.open_;
    const item = trigger.getBoundingClientRect(), menu = this.root.getBoundingClientRect();
    const { width, height } = panel.getBoundingClientRect();
    const onRight = menu.right - 2, onLeft = menu.left + 2 - width;
    if (onRight + width > innerWidth - MARGIN && onLeft < MARGIN) return this.stackSubmenu();
    const inset = item.top - panel.querySelector('button').getBoundingClientRect().top + panel.getBoundingClientRect().top;
    const top = Math.min(Math.max(MARGIN, inset), Math.max(MARGIN, innerHeight - MARGIN - height));
    Object.assign(panel.style, { left: `${onRight + width <= innerWidth - MARGIN ? onRight : onLeft}px`, top: `${top}px` });
  }

  /// Shows the open submenu instead of the menu, under an item that goes back to it.
  stackSubmenu() {
    const { trigger, panel } = this.open_;
    const back = document.createElement('button');
    back.setAttribute('role', 'menuitem');
    back.className = 'back';
    back.dataset.testid = `${trigger.dataset.testid}-back`;
    back.textContent = `‹ ${trigger.firstChild.textContent}`;
    const line = document.createElement('div');
    line.className = 'separator';
    line.setAttribute('role', 'separator');
    panel.prepend(back, line);
    this.open_.back = back;
    this.root.classList.add('stacked');
    this.keepInside();
  }

  /// Moves the menu, grown or shrunk where it stands, up only as far as it must to stay inside the window.
  keepInside() {
    const { top, height } = this.root.getBoundingClientRect();
    this.root.style.top = `${Math.max(MARGIN, Math.min(top, innerHeight - MARGIN - height))}px`;
  }

  items(menu) { return [...menu.querySelectorAll(':scope > button:not(:disabled)')]; }

  /// The arrow keys, Home and End go from item to item, the right arrow (or Enter) opens a submenu
  /// and the left arrow (or Escape) goes back out of it, Enter and Space choose the item with the
  /// focus, Escape and Tab close the menu; says whether the key was the menu's. The editor hands it
  /// the keys pressed while the menu is open.
  key(event) {
    const inSubmenu = Boolean(this.open_?.panel.contains(document.activeElement));
    const items = this.items(inSubmenu ? this.open_.panel : this.root), at = items.indexOf(document.activeElement);
    const focused = items[at];
    const to = { ArrowDown: at + 1, ArrowUp: (at < 0 ? items.length : at) - 1, Home: 0, End: items.length - 1 }[event.key];
    if (to !== undefined) {
      items[(to + items.length) % items.length]?.focus();
    } else if (inSubmenu && (event.key === 'ArrowLeft' || event.key === 'Escape' || ((event.key === 'Enter' || event.key === ' ') && focused === this.open_.back))) {
      this.closeSubmenu();
    } else if (focused && this.submenus.has(focused) && ['ArrowRight', 'Enter', ' '].includes(event.key)) {
      this.openSubmenu(focused, true);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      this.close();
    } else if ((event.key === 'Enter' || event.key === ' ') && focused) {
      focused.click();
    } else if (!(focused && (event.key === 'ArrowLeft' || event.key === 'ArrowRight'))) {
      return false;
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  }
}

/// The gap kept between a menu and the window's edge, in pixels.
const MARGIN = 4;

/// Where a menu `size` long starts along an axis `room` long, opened at `at`: there, or ending there,
/// or else as far along as fits.
function along(at, size, room) {
  if (at + size <= room - MARGIN) return at;
  return at - size >= MARGIN ? at - size : Math.max(MARGIN, room - MARGIN - size);
}
