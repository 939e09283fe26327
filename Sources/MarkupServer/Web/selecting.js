// Several documents at once, as the Select of Apple's Files: in select mode a tap picks a card
// instead of opening it, and a bar moves, downloads or deletes the documents picked, together.
import { shownCards } from './gridkeys.js';

export class Selecting {
  /// `grid` holds the cards, `bar` the buttons (`data-bulk`: all, move, download, remove, done),
  /// `toggle` enters and leaves the mode. `documentOf(id)` gives a card's document; `move`,
  /// `download` and `remove` act on a list of them; `failed` says an error.
  constructor(grid, bar, toggle, { documentOf, move, download, remove, failed }) {
    Object.assign(this, { grid, bar, toggle, documentOf, failed, actions: { move, download, remove }, picked: new Set(), on: false });
    toggle.addEventListener('click', () => this.set(!this.on));
    // Caught before the card's link and buttons: in select mode a card is only picked or let go.
    grid.addEventListener('click', (event) => {
      const item = this.on && event.target.closest('[data-testid=document]');
      if (!item) return;
      event.preventDefault();
      event.stopPropagation();
      if (this.picked.has(item.dataset.id)) this.picked.delete(item.dataset.id); else this.picked.add(item.dataset.id);
      this.render();
    }, true);
    bar.addEventListener('click', (event) => {
      const action = event.target.closest('[data-bulk]')?.dataset.bulk;
      if (action === 'done') this.set(false);
      else if (action === 'all') this.pickAllShown();
      else if (action) this.run(action);
    });
    document.addEventListener('keydown', (event) => {
      if (this.on && event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('dialog[open]')) this.set(false);
    });
  }

  set(on) {
    this.on = on;
    this.picked.clear();
    document.body.classList.toggle('selecting', on);
    this.toggle.setAttribute('aria-pressed', String(on));
    this.bar.hidden = !on;
    this.render();
  }

  /// Every card the search and the folder open show, picked; or, when they all are, none.
  pickAllShown() {
    const shown = shownCards(this.grid).map((item) => item.dataset.id);
    if (shown.every((id) => this.picked.has(id))) for (const id of shown) this.picked.delete(id);
    else for (const id of shown) this.picked.add(id);
    this.render();
  }

  /// The cards as picked, after a pick or once the grid is drawn again (a document gone is let go).
  render() {
    const present = new Set([...this.grid.children].map((item) => item.dataset.id));
    for (const id of this.picked) if (!present.has(id)) this.picked.delete(id);
    for (const item of this.grid.children) {
      const picked = this.picked.has(item.dataset.id);
      item.classList.toggle('picked', picked);
      if (this.on) item.setAttribute('aria-selected', String(picked)); else item.removeAttribute('aria-selected');
    }
    const count = this.picked.size;
    this.bar.querySelector('[data-testid=bulk-count]').textContent = count ? `${count} picked` : 'Tap documents to pick them';
    for (const button of this.bar.querySelectorAll('[data-bulk=move], [data-bulk=download], [data-bulk=remove]')) button.disabled = count === 0;
  }

  async run(action) {
    const documents = [...this.picked].map((id) => this.documentOf(id)).filter(Boolean);
    if (!documents.length) return;
    try {
      await this.actions[action](documents);
    } catch (error) {
      this.failed(error);
    }
  }
}
