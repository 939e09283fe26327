// This tab's id, under which the server keeps its steps to undo: kept in session storage, so a
// reload, or a tab the browser discarded and loads again, goes on with its steps. A browser copies a
// tab's session storage into a tab duplicated from it, so a tab marks its id open while it shows, and
// one that finds its id marked asks whether a tab still holds it: a copy takes an id of its own, so
// two tabs never share an undo history. Web Locks answer where the browser has them (a secure
// context); elsewhere (a server reached over plain HTTP from another machine) the tabs answer each
// other on a BroadcastChannel.

const ID_KEY = 'markupkit-page', OPEN_KEY = 'markupkit-page-open';
const LOCK_PREFIX = 'markupkit-page-', CHANNEL = 'markupkit-pages';
/// How long a tab waits for another tab to say it holds the id, in milliseconds.
const ANSWER_MS = 250;

const channel = 'BroadcastChannel' in self ? new BroadcastChannel(CHANNEL) : null;

/// Whether another tab of this browser holds `id` now.
async function heldElsewhere(id) {
  if (navigator.locks) {
    const held = await navigator.locks.query().catch(() => null);
    if (held) return held.held.some((lock) => lock.name === LOCK_PREFIX + id);
  }
  if (!channel) return true;
  return new Promise((resolve) => {
    const heard = (event) => {
      if (event.data?.holds !== id) return;
      channel.removeEventListener('message', heard);
      resolve(true);
    };
    channel.addEventListener('message', heard);
    channel.postMessage({ asks: id });
    setTimeout(() => {
      channel.removeEventListener('message', heard);
      resolve(false);
    }, ANSWER_MS);
  });
}

let tabID = sessionStorage.getItem(ID_KEY);
if (!tabID || (sessionStorage.getItem(OPEN_KEY) === tabID && await heldElsewhere(tabID))) {
  tabID = Math.random().toString(36).slice(2, 12);
  sessionStorage.setItem(ID_KEY, tabID);
}
sessionStorage.setItem(OPEN_KEY, tabID);
addEventListener('pagehide', () => sessionStorage.removeItem(OPEN_KEY));
addEventListener('pageshow', () => sessionStorage.setItem(OPEN_KEY, tabID));
navigator.locks?.request(LOCK_PREFIX + tabID, () => new Promise(() => {})).catch(() => {});
channel?.addEventListener('message', (event) => {
  if (event.data?.asks === tabID) channel.postMessage({ holds: tabID });
});

/// This tab's id, the same for its whole life.
export const TAB_ID = tabID;
