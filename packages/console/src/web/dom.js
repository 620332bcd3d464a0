// Small DOM helpers. Every value from the server is written with textContent, never through an
// HTML sink: the page's CSP enforces Trusted Types, so an HTML sink would throw.

export const $ = (id) => document.getElementById(id);

/** Creates an element whose content is plain text. */
export function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

export function setText(id, text) {
  $(id).textContent = text === undefined || text === null ? '' : String(text);
}

/** "12 s ago", "3 min ago", "2 h ago", "4 d ago". */
export function age(iso) {
  const ms = Date.now() - Date.parse(iso);
  if (!Number.isFinite(ms)) return 'unknown';
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}

export function time(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString();
}

/** A short hash with the full value in a tooltip. */
export function shortHash(hash) {
  const code = el('code', `${String(hash).slice(0, 12)}…`, 'hash');
  code.title = String(hash);
  return code;
}

/** True while the user types into a field (shortcuts stay out of the way). */
export function typing(target) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}
