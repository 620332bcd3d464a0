// New pending calls: a count in the page title and, when the approver allowed it, a browser
// notification per new call.
import { $ } from './dom.js';

const BASE_TITLE = 'argseal console';
const seen = new Set();
let primed = false;

function canNotify() {
  return typeof Notification === 'function';
}

/** Shows the "Notify me" button while permission has not been asked for. */
export function initNotifications() {
  const button = $('notify');
  if (!canNotify() || Notification.permission !== 'default') return;
  button.hidden = false;
  button.addEventListener('click', async () => {
    await Notification.requestPermission().catch(() => 'denied');
    button.hidden = true;
  });
}

/** Updates the title and notifies about pending calls not seen before (not on first load). */
export function notePending(total, proposals) {
  document.title = total > 0 ? `(${total}) ${BASE_TITLE}` : BASE_TITLE;
  const fresh = proposals.filter((p) => p.status === 'pending' && !seen.has(p.id));
  for (const p of fresh) seen.add(p.id);
  if (!primed) {
    primed = true;
    return;
  }
  if (!canNotify() || Notification.permission !== 'granted') return;
  for (const p of fresh.slice(0, 3)) {
    const n = new Notification(`Waiting for you: ${p.display.title}`, {
      body: p.display.summary,
      tag: p.id,
    });
    n.onclick = () => {
      window.focus();
      location.hash = `#/p/${encodeURIComponent(p.id)}`;
    };
  }
}
