// The tool picker: the eight inks, the erasers, lasso, select and shapes (and their fill and outline), colors, width and opacity.
import { icon } from './icons.js';

export const INKS = [
  ['pen', 'Pen', 'P'], ['pencil', 'Pencil', 'N'], ['marker', 'Marker', 'M'], ['monoline', 'Monoline', 'B'],
  ['fountainPen', 'Fountain pen', 'F'], ['watercolor', 'Watercolor', 'W'], ['crayon', 'Crayon', 'C'], ['reed', 'Reed', 'Q'],
];
export const PALETTE = ['#1c1c1e', '#ff3b30', '#ff9500', '#ffcc00', '#34c759', '#007aff', '#5856d6', '#af52de', '#ffffff'];
const COLOR_NAMES = { '#1c1c1e': 'Black', '#ff3b30': 'Red', '#ff9500': 'Orange', '#ffcc00': 'Yellow', '#34c759': 'Green', '#007aff': 'Blue',
  '#5856d6': 'Indigo', '#af52de': 'Purple', '#ffffff': 'White' };
const DEFAULT_WIDTHS = { pen: 3, pencil: 2, marker: 14, monoline: 3, fountainPen: 4, watercolor: 18, crayon: 8, reed: 6, shape: 3 };
/// The tools that keep a style of their own: as PencilKit's picker, each remembers its color, width and
/// opacity, and each ink its response to pressure too.
const STYLED = new Set([...INKS.map(([name]) => name), 'shape', 'text', 'textHighlight']);
const isInk = (tool) => INKS.some(([name]) => name === tool);
const defaultStyle = (tool) => ({ color: tool === 'marker' || tool === 'textHighlight' ? '#ffcc00' : PALETTE[0], width: DEFAULT_WIDTHS[tool] ?? 3, opacity: 1,
  ...(isInk(tool) && { pressure: 1 }) });
/// A tool's style as kept: an ink's with its pressure.
const styleOf = ({ tool, color, width, opacity, pressure }) => ({ color, width, opacity, ...(isInk(tool) && { pressure }) });
/// The inks a scribble over ink scratches out with (Scribble.inks): the pens, not those that shade.
const SCRATCHING_INKS = new Set(['pen', 'monoline', 'fountainPen', 'reed']);
/// The pressure settings other than the ink's own, as a favourite's name says them.
const PRESSURE_NAMES = { 0: 'no pressure', 0.5: 'soft pressure', 1.6: 'strong pressure' };
/// How many favourite pens the toolbar keeps.
export const MOST_FAVORITES = 8;
/// Where the picker is kept between visits, on this browser.
const STORAGE_KEY = 'markupkit.toolbar';
/// The tools a page opens with when they were last chosen; the hand and the laser are for a moment,
/// and the text highlighter for PDFs only.
const RESTORED_TOOLS = new Set([...STYLED, 'eraser', 'lasso', 'select'].filter((tool) => tool !== 'textHighlight'));

export class Toolbar {
  constructor(root, onChange) {
    this.root = root;
    this.onChange = onChange;
    this.state = { tool: 'pen', ...defaultStyle('pen'), eraser: 'vector', eraserWidth: 20, shape: 'rectangle', fill: 'none', dash: 'solid',
      startMarker: 'none', endMarker: 'arrow', elbow: false, sketchy: false, scratchOut: true,
      text: { family: 'Sans', size: 17, bold: false, italic: false, alignment: 'leading' } };
    this.styles = {}; // tool → { color, width, opacity }, for the styled tools chosen before
    /// Inks with their color, width and opacity kept to pick again in one tap, as GoodNotes' and
    /// Notability's favourites: [{ tool, color, width, opacity }], in the order they were kept.
    this.favorites = [];
    this.#restore();
    const inks = root.querySelector('#inks');
    for (const [name, label, key] of INKS) {
      const button = document.createElement('button');
      button.dataset.tool = name;
      button.dataset.testid = `tool-${name}`;
      button.title = `${label} (${key})`;
      button.setAttribute('aria-label', label);
      button.innerHTML = icon(name);
      inks.append(button);
    }
    const palette = root.querySelector('#palette');
    for (const color of PALETTE) {
      const swatch = document.createElement('button');
      swatch.className = 'swatch';
      swatch.style.background = color;
      swatch.dataset.color = color;
      swatch.title = COLOR_NAMES[color];
      swatch.setAttribute('aria-label', COLOR_NAMES[color]);
      palette.append(swatch);
    }
    const custom = this.custom = document.createElement('input');
    custom.type = 'color';
    custom.dataset.testid = 'custom-color';
    custom.title = 'Any color';
    custom.addEventListener('input', () => this.set({ color: custom.value }));
    palette.append(custom);
    root.addEventListener('click', (event) => {
      const button = event.target.closest('button');
      if (!button) return;
      if (button.dataset.tool) this.choose(button.dataset.tool);
      if (button.dataset.color) this.set({ color: button.dataset.color });
      if (button.dataset.favorite) this.set({ ...this.favorites[Number(button.dataset.favorite)] });
    });
    this.favoriteToggle = root.querySelector('#favorite-toggle');
    this.favoriteToggle.addEventListener('click', () => this.toggleFavorite());
    this.width = root.querySelector('#width');
    this.opacity = root.querySelector('#opacity');
    this.width.addEventListener('input', () => {
      if (this.state.tool === 'eraser') this.set({ eraserWidth: Number(this.width.value) }); else this.set({ width: Number(this.width.value) });
    });
    this.opacity.addEventListener('input', () => this.set({ opacity: Number(this.opacity.value) }));
    root.querySelector('#eraser-type').addEventListener('change', (event) => this.set({ eraser: event.target.value, tool: 'eraser' }));
    root.querySelector('#shape-kind').addEventListener('change', (event) => this.set({ shape: event.target.value, tool: 'shape' }));
    root.querySelector('#shape-fill').addEventListener('change', (event) => this.set({ fill: event.target.value }));
    root.querySelector('#shape-dash').addEventListener('change', (event) => this.set({ dash: event.target.value }));
    root.querySelector('#line-start').addEventListener('change', (event) => this.set({ startMarker: event.target.value }));
    root.querySelector('#line-end').addEventListener('change', (event) => this.set({ endMarker: event.target.value }));
    root.querySelector('#line-route').addEventListener('change', (event) => this.set({ elbow: event.target.value === 'elbow' }));
    root.querySelector('#shape-look').addEventListener('change', (event) => this.set({ sketchy: event.target.value === 'sketchy' }));
    root.querySelector('#scratch-out').addEventListener('change', (event) => this.set({ scratchOut: event.target.checked }));
    root.querySelector('#pressure').addEventListener('change', (event) => this.set({ pressure: Number(event.target.value) }));
    // A change goes to the text being typed or the text selected (`onTextOption`, which says whether
    // it took it), shown at once; and it is what the next text takes too.
    const textOption = (changes) => {
      if (this.onTextOption?.(changes) && this.shownStyle?.textStyle) Object.assign(this.shownStyle.textStyle, changes);
      this.set({ text: { ...this.state.text, ...changes } });
    };
    root.querySelector('#text-font').addEventListener('change', (event) => textOption({ family: event.target.value }));
    root.querySelector('#text-size').addEventListener('change', (event) => {
      const size = Number(event.target.value);
      if (size >= 6 && size <= 200) textOption({ size });
    });
    root.querySelector('#text-bold').addEventListener('click', () => textOption({ bold: !this.shownText().bold }));
    root.querySelector('#text-italic').addEventListener('click', () => textOption({ italic: !this.shownText().italic }));
    root.querySelector('#text-align').addEventListener('change', (event) => textOption({ alignment: event.target.value }));
    this.render();
  }

  /// Picks `tool`, with the color, width and opacity it had when last used (a tool without a style
  /// of its own, such as the eraser, leaves them as they are).
  choose(tool) {
    this.set({ tool, ...(STYLED.has(tool) && (this.styles[tool] ?? defaultStyle(tool))) });
  }

  /// Keeps the ink in hand, in its color, width and opacity, among the favourites; or, when it is
  /// one already, lets it go.
  toggleFavorite() {
    const index = this.#favoriteInHand();
    if (index >= 0) this.favorites.splice(index, 1);
    else if (isInk(this.state.tool) && this.favorites.length < MOST_FAVORITES) {
      this.favorites.push({ tool: this.state.tool, ...styleOf(this.state) });
    }
    this.render();
    this.#save();
  }

  /// The place among the favourites of the ink in hand as it is set, or -1.
  #favoriteInHand() {
    const { tool, color, width, opacity, pressure } = this.state;
    return this.favorites.findIndex((kept) => kept.tool === tool && kept.color === color && kept.width === width && kept.opacity === opacity
      && kept.pressure === pressure);
  }

  #renderFavorites() {
    const group = this.root.querySelector('#favorites');
    const inHand = this.#favoriteInHand();
    // Made again only when the favourites change, not at every move of a slider.
    const kept = JSON.stringify(this.favorites);
    if (kept !== this.favoritesShown) this.#makeFavoriteButtons(group);
    this.favoritesShown = kept;
    for (const button of group.querySelectorAll('[data-favorite]')) {
      button.setAttribute('aria-pressed', String(Number(button.dataset.favorite) === inHand));
    }
    this.favoriteToggle.hidden = !isInk(this.state.tool);
    this.favoriteToggle.setAttribute('aria-pressed', String(inHand >= 0));
    const full = inHand < 0 && this.favorites.length >= MOST_FAVORITES;
    this.favoriteToggle.disabled = full;
    const label = inHand >= 0 ? 'Take this pen out of the favourites'
      : full ? `${MOST_FAVORITES} favourites kept: take one out first` : 'Keep this pen, in its colour and width, among the favourites';
    this.favoriteToggle.title = label;
    this.favoriteToggle.setAttribute('aria-label', label);
  }

  #makeFavoriteButtons(group) {
    for (const old of group.querySelectorAll('[data-favorite]')) old.remove();
    this.favorites.forEach(({ tool, color, width, opacity, pressure }, index) => {
      const button = document.createElement('button');
      button.className = 'favorite';
      button.dataset.favorite = String(index);
      button.dataset.testid = `favorite-${index}`;
      const name = `${COLOR_NAMES[color] ?? color} ${INKS.find(([ink]) => ink === tool)[1].toLowerCase()}, ${width} pt`
        + (opacity < 1 ? `, ${Math.round(opacity * 100)} %` : '') + (PRESSURE_NAMES[pressure] ? `, ${PRESSURE_NAMES[pressure]}` : '');
      button.title = name;
      button.setAttribute('aria-label', name);
      // The ink's icon, with a dot of its color as wide as its line (within reason) and as opaque.
      button.innerHTML = `${icon(tool)}<span class="favorite-dot"></span>`;
      const dot = button.lastElementChild;
      dot.style.background = color;
      dot.style.opacity = String(Math.max(opacity, 0.3));
      dot.style.setProperty('--size', `${Math.min(Math.max(width, 5), 14)}px`);
      this.favoriteToggle.before(button);
    });
  }

  set(changes) {
    Object.assign(this.state, changes);
    if (STYLED.has(this.state.tool)) this.styles[this.state.tool] = styleOf(this.state);
    // What the person just chose shows, not the selection's style it replaces.
    for (const key of Object.keys(changes)) delete this.shownStyle?.[key];
    this.render();
    this.#save();
    this.onChange(this.message());
  }

  #save() {
    const { tool, eraser, eraserWidth, shape, fill, dash, startMarker, endMarker, elbow, sketchy, scratchOut, text } = this.state;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ tool, styles: this.styles, eraser, eraserWidth, shape, fill, dash, startMarker, endMarker, elbow, sketchy,
        scratchOut, text, favorites: this.favorites }));
    } catch { /* storage full or refused: the picker is still right for this visit */ }
  }

  /// The picker as it was left on this browser, each value taken only when it is one the picker
  /// offers (what is kept is never trusted further).
  #restore() {
    let kept;
    try { kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'); } catch { return; }
    if (!kept || typeof kept !== 'object') return;
    const offered = (id, value) => [...this.root.querySelectorAll(`#${id} option`)].some((option) => option.value === value);
    const inRange = (value, low, high) => typeof value === 'number' && value >= low && value <= high;
    const validStyle = (style) => style && /^#[0-9a-f]{6}$/i.test(style.color) && inRange(style.width, 0.5, 40) && inRange(style.opacity, 0.05, 1);
    // An ink's pressure as kept, or (as an older picker kept one for every ink) the one kept for all.
    const everyInks = offered('pressure', String(kept.pressure)) ? kept.pressure : 1;
    const pressureOf = (style) => (offered('pressure', String(style.pressure)) ? style.pressure : everyInks);
    for (const tool of STYLED) {
      const style = kept.styles?.[tool];
      if (validStyle(style)) this.styles[tool] = styleOf({ tool, ...style, pressure: pressureOf(style) });
      else if (isInk(tool) && everyInks !== 1) this.styles[tool] = { ...defaultStyle(tool), pressure: everyInks };
    }
    if (Array.isArray(kept.favorites)) {
      this.favorites = kept.favorites.filter((kept) => isInk(kept?.tool) && validStyle(kept)).slice(0, MOST_FAVORITES)
        .map((kept) => ({ tool: kept.tool, ...styleOf({ ...kept, pressure: pressureOf(kept) }) }));
    }
    if (offered('eraser-type', kept.eraser)) this.state.eraser = kept.eraser;
    if (inRange(kept.eraserWidth, 1, 120)) this.state.eraserWidth = kept.eraserWidth;
    if (offered('shape-kind', kept.shape)) this.state.shape = kept.shape;
    if (offered('shape-fill', kept.fill)) this.state.fill = kept.fill;
    if (offered('shape-dash', kept.dash)) this.state.dash = kept.dash;
    if (offered('line-start', kept.startMarker)) this.state.startMarker = kept.startMarker;
    if (offered('line-end', kept.endMarker)) this.state.endMarker = kept.endMarker;
    if (typeof kept.elbow === 'boolean') this.state.elbow = kept.elbow;
    if (typeof kept.sketchy === 'boolean') this.state.sketchy = kept.sketchy;
    if (typeof kept.scratchOut === 'boolean') this.state.scratchOut = kept.scratchOut;
    const text = kept.text ?? {};
    if (offered('text-font', text.family)) this.state.text.family = text.family;
    if (inRange(text.size, 6, 200)) this.state.text.size = text.size;
    if (typeof text.bold === 'boolean') this.state.text.bold = text.bold;
    if (typeof text.italic === 'boolean') this.state.text.italic = text.italic;
    if (offered('text-align', text.alignment)) this.state.text.alignment = text.alignment;
    const tool = RESTORED_TOOLS.has(kept.tool) ? kept.tool : 'pen';
    Object.assign(this.state, { tool }, STYLED.has(tool) ? this.styles[tool] ?? defaultStyle(tool) : this.styles.pen ?? defaultStyle('pen'));
  }

  /// Shows `style`, the style the selected elements share ({ color, width, opacity, fill, …, each
  /// only when shared; `shapes` true when a shape is among them), in place of the tool's own, as
  /// tldraw's style panel does; null shows the tool's again. What is drawn next keeps the tool's style.
  showStyle(style) {
    this.shownStyle = style ? Object.fromEntries(Object.entries(style).filter(([, value]) => value != null)) : null;
    this.render();
  }

  /// The tool message the server understands; null for a tool the page works alone (shapes are
  /// dragged out and text typed here, and sent as insertions; the laser only moves the cursor; the
  /// hand only moves the view).
  message() {
    const { tool, color, opacity, width, eraser, eraserWidth, scratchOut, pressure } = this.state;
    if (['shape', 'text', 'laser', 'hand', 'textHighlight', 'space'].includes(tool)) return null;
    if (tool === 'eraser') return { type: 'tool', tool, eraser, width: eraserWidth };
    if (tool === 'lasso' || tool === 'select') return { type: 'tool', tool };
    return { type: 'tool', tool, color, opacity, width, scratchOut, ...(pressure !== 1 && { pressure }) };
  }

  /// The text style shown: the selected text's where it agrees, else what the next text takes.
  shownText() {
    return { ...this.state.text, ...this.shownStyle?.textStyle };
  }

  render() {
    for (const button of this.root.querySelectorAll('[data-tool]')) {
      button.classList.toggle('active', button.dataset.tool === this.state.tool);
      button.setAttribute('aria-pressed', String(button.dataset.tool === this.state.tool));
    }
    this.root.querySelector('#shape-kind').value = this.state.shape;
    const text = this.shownText();
    this.root.querySelector('#text-options').hidden = this.state.tool !== 'text' && !this.shownStyle?.textStyle;
    this.root.querySelector('#text-font').value = text.family;
    this.root.querySelector('#text-size').value = text.size;
    this.root.querySelector('#text-align').value = text.alignment;
    this.root.querySelector('#text-bold').setAttribute('aria-pressed', String(text.bold));
    this.root.querySelector('#text-italic').setAttribute('aria-pressed', String(text.italic));
    const shown = { ...this.state, ...this.shownStyle };
    for (const swatch of this.root.querySelectorAll('[data-color]')) {
      swatch.classList.toggle('active', swatch.dataset.color === shown.color);
      swatch.setAttribute('aria-pressed', String(swatch.dataset.color === shown.color));
    }
    if (/^#[0-9a-f]{6}$/i.test(shown.color)) this.custom.value = shown.color;
    this.root.querySelector('#shape-fill').value = shown.fill;
    this.root.querySelector('#shape-dash').value = shown.dash;
    this.root.querySelector('#shape-look').value = shown.sketchy ? 'sketchy' : 'clean';
    // Only what the tool in hand or the selection can use: a shape's inside and outline for the
    // shape tool or selected shapes, the eraser's kind for the eraser (as tldraw's style panel).
    const shapes = this.state.tool === 'shape' || this.shownStyle?.shapes === true;
    for (const id of ['shape-fill', 'shape-dash', 'shape-look']) this.root.querySelector(`#${id}`).hidden = !shapes;
    this.root.querySelector('#eraser-type').hidden = this.state.tool !== 'eraser';
    this.root.querySelector('#scratch-out').checked = this.state.scratchOut;
    this.root.querySelector('#scratch-out-option').hidden = !SCRATCHING_INKS.has(this.state.tool);
    const pressure = this.root.querySelector('#pressure');
    pressure.value = String(this.state.pressure);
    pressure.hidden = !isInk(this.state.tool);
    // An arrow's ends, for the arrow the shape tool draws or the lines selected.
    const ends = this.shownStyle?.startMarker !== undefined || (this.state.tool === 'shape' && this.state.shape === 'arrow');
    for (const [id, key] of [['line-start', 'startMarker'], ['line-end', 'endMarker']]) {
      this.root.querySelector(`#${id}`).hidden = !ends;
      this.root.querySelector(`#${id}`).value = shown[key];
    }
    // A line's path, for the line or arrow the shape tool draws or the lines selected.
    const route = this.root.querySelector('#line-route');
    route.hidden = this.shownStyle?.elbow === undefined && !(this.state.tool === 'shape' && ['line', 'arrow'].includes(this.state.shape));
    route.value = shown.elbow ? 'elbow' : 'straight';
    this.#renderFavorites();
    this.width.max = this.state.tool === 'eraser' ? 120 : 40;
    this.width.value = this.state.tool === 'eraser' ? this.state.eraserWidth : shown.width;
    this.opacity.value = shown.opacity;
    // The loupes' magnification, while loupes are selected (when theirs differ, a dash until one is set).
    const magnification = this.shownStyle?.magnification;
    this.root.querySelector('#magnification-option').hidden = !this.shownStyle?.loupes;
    if (this.shownStyle?.loupes) {
      this.root.querySelector('#magnification').value = magnification ?? 2;
      this.root.querySelector('#magnification-value').textContent = magnification === undefined ? '–' : `${magnification}×`;
    }
  }
}
