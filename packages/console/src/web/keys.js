// Keyboard shortcuts (listed on the page under "Keyboard shortcuts").
import { $, typing } from './dom.js';
import { shownIds } from './list.js';

function move(selected, step) {
  const ids = shownIds();
  if (ids.length === 0) return;
  const at = ids.indexOf(selected);
  const next = ids[Math.min(ids.length - 1, Math.max(0, at < 0 ? 0 : at + step))];
  location.hash = `#/p/${encodeURIComponent(next)}`;
  document.querySelector(`#pending-list a[data-proposal-id="${CSS.escape(next)}"]`)?.focus();
}

/** Installs the shortcuts; `actions` has selected(), approve(), reject() and cancel(). */
export function initKeys(actions) {
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      actions.cancel();
      if (typing(event.target)) event.target.blur();
      return;
    }
    if (typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const detailOpen = !$('detail-body').hidden;
    const formOpen = detailOpen && !$('decision-form').hidden;
    switch (event.key) {
      case 'j':
        move(actions.selected(), 1);
        break;
      case 'k':
        move(actions.selected(), -1);
        break;
      case '/':
        $('f-search').focus();
        break;
      case 'a':
        if (formOpen && !$('approve').disabled) actions.approve();
        break;
      case 'r':
        if (formOpen && !$('reject').disabled) actions.reject();
        break;
      case 'x':
        if (detailOpen) $('d-json-box').open = !$('d-json-box').open;
        break;
      case '?':
        $('keys').open = true;
        $('keys').scrollIntoView({ block: 'nearest' });
        break;
      default:
        return;
    }
    event.preventDefault();
  });
}
