// Moving through a grid of cards with the keyboard, as through the icons of a file browser: the
// arrows to the card beside, above or below (the row's card nearest across), Home and End to the
// first and the last. Only the cards shown count.

/// The card the key `key` goes to from `card` among `cards` (in reading order), or null.
export function cardToward(cards, card, key) {
  const shown = cards.filter((item) => !item.hidden);
  const at = shown.indexOf(card);
  if (at < 0) return null;
  switch (key) {
    case 'ArrowRight': return shown[at + 1] ?? null;
    case 'ArrowLeft': return shown[at - 1] ?? null;
    case 'Home': return shown[0];
    case 'End': return shown[shown.length - 1];
    case 'ArrowDown':
    case 'ArrowUp': {
      const box = card.getBoundingClientRect(), down = key === 'ArrowDown';
      const rows = shown.filter((item) => {
        const top = item.getBoundingClientRect().top;
        return down ? top > box.top + 1 : top < box.top - 1;
      });
      if (!rows.length) return null;
      // The nearest row that way, then the card of it nearest across.
      const rowTop = rows.map((item) => item.getBoundingClientRect().top).reduce((best, top) => (down ? Math.min(best, top) : Math.max(best, top)));
      const row = rows.filter((item) => Math.abs(item.getBoundingClientRect().top - rowTop) <= 1);
      const middle = box.left + box.width / 2;
      const across = (item) => Math.abs(item.getBoundingClientRect().left + item.getBoundingClientRect().width / 2 - middle);
      return row.reduce((best, item) => (across(item) < across(best) ? item : best));
    }
    default: return null;
  }
}
