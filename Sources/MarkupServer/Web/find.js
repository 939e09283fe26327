// Find text (Ctrl+F): the server looks in the document's text boxes (and pictures' descriptions and
// links' addresses), and reads a PDF under it a
// stretch of pages at a time (`findText`, answered with `foundText`); the matches show as boxes,
// the current one stronger and brought into view. Enter goes to the next match, Shift+Enter to the one before,
// Esc closes.

const MATCH_COLOR = '#ff9500';

export class FindBar {
  /// `root` holds the bar's input, status and buttons; `send` sends a message to the server and
  /// says whether it could.
  constructor(root, canvas, send) {
    this.root = root;
    this.canvas = canvas;
    this.send = send;
    this.input = root.querySelector('input');
    this.status = root.querySelector('[data-find=status]');
    this.reset('');
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.step(event.shiftKey ? -1 : 1);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.close();
      }
      event.stopPropagation();
    });
    root.querySelector('[data-find=next]').addEventListener('click', () => this.step(1));
    root.querySelector('[data-find=previous]').addEventListener('click', () => this.step(-1));
    root.querySelector('[data-find=close]').addEventListener('click', () => this.close());
  }

  get isOpen() { return !this.root.hidden; }

  open() {
    this.root.hidden = false;
    this.input.focus();
    this.input.select();
  }

  close() {
    this.root.hidden = true;
    this.reset('');
    this.canvas.removePending('find');
    this.canvas.removePending('find-current');
  }

  reset(query) {
    Object.assign(this, { query, matches: [], nextPage: 0, index: -1, asking: false, wanted: 0 });
  }

  /// The next match (`direction` 1) or the one before (-1); a new query starts from the first page.
  step(direction) {
    const query = this.input.value.trim();
    if (!query) return;
    if (query !== this.query) this.reset(query);
    this.wanted = direction;
    this.go();
  }

  go() {
    const { matches, index, wanted } = this;
    if (!wanted || this.asking) return this.render();
    if (wanted > 0 && index + 1 < matches.length) return this.show(index + 1);
    if (wanted > 0 && this.nextPage !== null) return this.ask();
    if (wanted < 0 && index > 0) return this.show(index - 1);
    if (matches.length) return this.show(wanted > 0 ? 0 : matches.length - 1);
    this.wanted = 0;
    this.render();
  }

  ask() {
    this.asking = this.send({ type: 'findText', query: this.query, fromPage: this.nextPage });
    if (!this.asking) {
      this.wanted = 0;
      this.status.textContent = 'Finding needs the server.';
      return;
    }
    this.render();
  }

  /// The page is connected again (a `hello`): an answer lost with the old connection is asked for again.
  resume() {
    if (!this.asking) return;
    this.asking = false;
    this.go();
  }

  /// The server's answer: its matches join those found before, and the search goes on as asked.
  receive({ query, matches, nextPage }) {
    if (query !== this.query || !this.asking) return;
    this.asking = false;
    this.matches.push(...matches);
    this.nextPage = nextPage ?? null;
    this.canvas.showBoxes('find', this.matches, MATCH_COLOR, 0.25);
    this.go();
  }

  show(index) {
    this.index = index;
    this.wanted = 0;
    const match = this.matches[index];
    this.canvas.showBoxes('find-current', [match], MATCH_COLOR, 0.6);
    this.canvas.reveal(match);
    this.render();
  }

  render() {
    const more = this.nextPage !== null ? '+' : '';
    this.status.textContent = this.asking ? 'Finding…'
      : this.index >= 0 ? `${this.index + 1} of ${this.matches.length}${more}`
        : this.query && !this.matches.length && this.nextPage === null ? 'No match' : '';
  }
}
