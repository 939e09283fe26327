// The editor's icons: 24-point line drawings in the text's colour, so they follow the theme. A
// button names itself with aria-label; the icon is decoration (aria-hidden).
const PATHS = {
  pen: 'M5 19l1.2-4.2L15.5 5.5l3 3-9.3 9.3zM13.5 7.5l3 3M5 19l3-.8',
  pencil: 'M4.5 19.5l1.3-4.6L15.2 5.5a2 2 0 0 1 2.8 0l.5.5a2 2 0 0 1 0 2.8L9.1 18.2zM13.5 7.2l3.3 3.3M5.8 14.9l3.3 3.3',
  marker: 'M4 20h6M6.5 17.5l-1-4.5 8.7-8.7a1.5 1.5 0 0 1 2.1 0l3.4 3.4a1.5 1.5 0 0 1 0 2.1L11 18.5zM5.5 13l5.5 5.5',
  monoline: 'M3 15c2.5-6 5-6 6.5-1.5S13 19 15.5 12 20 7 21 9',
  fountainPen: 'M12 3l5 6.5L12 21 7 9.5zM12 9.5V14M12 3v3',
  watercolor: 'M14.5 3.5l6 6-6.5 6.5-6-6zM8 10l-3.5 3.5c-1.5 1.5-1.5 4 0 5.5s4 1.5 5.5 0L14 15',
  crayon: 'M5 19l2.5-2.5M7.5 16.5l-1.8-1.8L15 5.4l3.6 3.6-9.3 9.3zM12.5 7.9l3.6 3.6M9.8 10.6l3.6 3.6',
  reed: 'M4 20l2.5-6L17 3.5l3.5 3.5L10 17.5zM6.5 14l3.5 3.5M14.5 6l3.5 3.5',
  eraser: 'M8.5 20H20M3.8 15.3l9.5-9.5a2 2 0 0 1 2.8 0l2.1 2.1a2 2 0 0 1 0 2.8L10.4 18.5a2 2 0 0 1-1.4.6H7.4a2 2 0 0 1-1.4-.6zM9 10l5 5',
  lasso: 'M12 4c4.7 0 8 2.1 8 5s-3.3 5-8 5-8-2.1-8-5 3.3-5 8-5zM6.5 12.5c-1.2 1.6-.6 3.6 1.5 3.6s2 2.4.5 3.9',
  select: 'M4 8V4h4M12 4h2M18 4h2v4M20 12v2M4 12v2M4 18v2h4M10 11l3 9 1.5-3.5L18 15z',
  shape: 'M3.5 10.5h10v10h-10zM15 14.5a5.5 5.5 0 1 0-5.2-7.3',
  text: 'M5 7V4.5h14V7M12 4.5v15M9 19.5h6',
  hand: 'M8 13V5.5a1.5 1.5 0 0 1 3 0V11M11 10V4.5a1.5 1.5 0 0 1 3 0V11M14 10.5V6a1.5 1.5 0 0 1 3 0v7.5c0 4-2.5 6.5-6 6.5-2.5 0-4-1.2-5.3-3.3L3.5 13a1.5 1.5 0 0 1 2.5-1.6L8 14',
  laser: 'M3 21l8.5-8.5M14.5 9.5a2 2 0 1 0 .01 0M14.5 3v2M14.5 14v2M21 9.5h-2M10 9.5H8M19.1 4.9l-1.4 1.4M11.3 12.7l-1.4 1.4M19.1 14.1l-1.4-1.4',
  space: 'M3 12h18M12 9.5V3M9 6l3-3 3 3M12 14.5V21M9 18l3 3 3-3',
  highlight: 'M4 5h16M4 19h16M3.5 9h12v6h-12zM18 12h2.5',
  ruler: 'M2.5 16.5l14-14 5 5-14 14zM6 13l2 2M8.5 10.5l1.5 1.5M11 8l2 2M13.5 5.5l1.5 1.5',
  undo: 'M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  redo: 'M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13',
  back: 'M15 5l-7 7 7 7',
  plus: 'M12 5v14M5 12h14',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z',
  minus: 'M5 12h14',
  fit: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  present: 'M3 4h18v12H3zM12 16v4M8 20h8M10 8l4 2-4 2z',
  focus: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.3a2.6 2.6 0 0 1 5 .9c0 1.7-2.5 2.3-2.5 3.8M12 17v.1',
  insert: 'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM12 8v8M8 12h8',
  arrange: 'M4 3v18M8 6h11v4H8zM8 14h7v4H8z',
  export: 'M12 4v11M7.5 10.5L12 15l4.5-4.5M5 20h14',
  paper: 'M6 3h12a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM8 8h8M8 12h8M8 16h5',
  contents: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  clear: 'M4 7h16M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5M14 11v5',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  view: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
};

/// The SVG markup of icon `name`, sized to the text around it.
export function icon(name) {
  const path = PATHS[name];
  if (!path) throw new Error(`no icon ${name}`);
  return `<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">`
    + `<path d="${path}" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

/// Gives every element with a `data-icon` attribute its icon; those with a `data-label` keep that
/// text beside it.
export function decorateAll(root) {
  for (const element of root.querySelectorAll('[data-icon]')) {
    const label = element.dataset.label;
    element.innerHTML = icon(element.dataset.icon) + (label ? `<span class="label">${label}</span>` : '');
  }
}
