// Moving through a grid of cards with the keyboard, as through the icons of a file browser: the
// arrows to the card beside, above or below, Home and End to the first and the last. Only the cards
// shown count (those hidden take no place in the grid).

/// The cards of `grid` shown (by the search and the folder open), in order.
export const shownCards = (grid) => [...grid.children].filter((item) => !item.hidden);

/// The card the key `key` goes to from `card` in `grid` (a CSS grid of cards), or null.
export function cardToward(grid, card, key) {
  const shown = shownCards(grid);
  const at = shown.indexOf(card);
  if (at < 0) return null;
  if (key === 'Home') return shown[0];
  if (key === 'End') return shown[shown.length - 1];
  const columns = getComputedStyle(grid).gridTemplateColumns.split(' ').length;
  const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns }[key];
  return step === undefined ? null : shown[at + step] ?? null;
}
