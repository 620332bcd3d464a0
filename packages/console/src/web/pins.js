// Tool-definition pins: MCP tools whose definition is new or changed, withheld from the host
// until an approver decides. Shows the definition field by field against the approved one
// (server-side diff; hidden characters arrive as visible markers) and decides it bound to the
// definition hash shown. Every value is written with textContent (dom.js).
import { api } from './api.js';
import { $, age, el, setText } from './dom.js';

const POLL_MS = 2000;
const state = { selected: '', shown: null, busy: false, timer: 0 };
const FIELD_LABELS = {
  name: 'Name',
  title: 'Title',
  description: 'Description (the model reads this)',
  inputSchema: 'Input schema',
  outputSchema: 'Output schema',
  annotations: 'Annotations (hints)',
};
const CHANGE_LABELS = { same: 'unchanged', added: 'new', removed: 'removed', changed: 'changed' };

function selectedFromHash() {
  const m = /^#\/pin\/([^/]+)$/.exec(location.hash);
  return m ? decodeURIComponent(m[1]) : '';
}

function row(p) {
  const li = el('li');
  const a = el('a');
  a.href = `#/pin/${encodeURIComponent(p.id)}`;
  a.dataset.pinId = p.id;
  if (p.id === state.selected) {
    a.className = 'selected';
    a.setAttribute('aria-current', 'true');
  }
  const head = el('span', '', 'prow-head');
  head.append(el('span', `${p.server}/${p.tool}`, 'ptool'), el('span', age(p.observedAt), 'page'));
  const kind = p.previousHash ? 'changed definition' : 'new tool';
  a.append(head, el('span', `${kind}, withheld from agent ${p.agent}`, 'psummary'));
  li.append(a);
  return li;
}

/** One field: its change, then the text with removed / added parts marked. */
function field(f) {
  const box = el('div', '', `pin-field ${f.change}`);
  box.dataset.field = f.field;
  const h = el('h4', `${FIELD_LABELS[f.field] ?? f.field} `);
  h.append(
    el('span', CHANGE_LABELS[f.change] ?? f.change, `badge ${f.change === 'same' ? 'ok' : 'warn'}`),
  );
  const pre = el('pre', '', 'pin-text');
  if (f.parts) {
    for (const part of f.parts) {
      if (part.op === 'same') pre.append(part.text);
      else {
        const mark = el(part.op === 'added' ? 'ins' : 'del');
        mark.append(el('span', part.op === 'added' ? '[added: ' : '[removed: ', 'sr-only'));
        mark.append(part.text);
        mark.append(el('span', ']', 'sr-only'));
        pre.append(mark);
      }
    }
  } else if (f.change === 'removed') {
    pre.append(el('del', f.before));
  } else pre.append(f.after ?? '');
  box.append(h, pre);
  return box;
}

function renderDetail(body) {
  const { pin, diff, previous } = body;
  const box = $('pin-detail');
  box.hidden = false;
  const kicker = el('p', '', 'kicker');
  kicker.append(
    el('span', `${pin.server}/${pin.tool}`),
    el('span', diff.kind === 'changed' ? 'changed definition' : 'new tool', 'badge warn'),
    el(
      'span',
      pin.status,
      `badge ${pin.status === 'approved' ? 'ok' : pin.status === 'pending' ? 'pending' : 'bad'}`,
    ),
  );
  const title = el(
    'h3',
    diff.kind === 'changed'
      ? `The server changed this tool since it was approved. Agent ${pin.agent} cannot see or call it until you decide.`
      : `A tool agent ${pin.agent} has never been allowed to see. It stays hidden until you decide.`,
  );
  title.id = 'pin-title';
  const parts = [kicker, title];
  if (diff.warnings.length > 0) {
    const warn = el('div', '', 'warnbox');
    warn.setAttribute('role', 'alert');
    warn.append(el('strong', 'Careful: this definition contains hidden characters.'));
    const ul = el('ul');
    ul.append(...diff.warnings.map((w) => el('li', `${w.path}: ${w.message}`)));
    warn.append(ul);
    parts.push(warn);
  }
  parts.push(...diff.fields.map(field));
  const facts = el('dl', '', 'facts');
  facts.append(el('dt', 'Definition hash'), el('dd', pin.definitionHash, 'hash'));
  if (previous) facts.append(el('dt', 'Replaces'), el('dd', previous.definitionHash, 'hash'));
  parts.push(facts);
  if (pin.status === 'pending') {
    const form = el('form', '', 'decide');
    form.id = 'pin-form';
    const label = el('label', 'Note for the audit trail');
    label.htmlFor = 'pin-note';
    const note = el('textarea');
    note.id = 'pin-note';
    note.maxLength = 2000;
    note.rows = 2;
    const buttons = el('div', '', 'buttons');
    const approve = el('button', 'Approve this definition', 'approve');
    approve.type = 'submit';
    approve.value = 'approve';
    approve.id = 'pin-approve';
    const reject = el('button', 'Reject', 'reject');
    reject.type = 'submit';
    reject.value = 'reject';
    reject.id = 'pin-reject';
    buttons.append(approve, reject);
    form.append(label, note, buttons);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      decide(event.submitter?.value === 'reject' ? 'reject' : 'approve');
    });
    parts.push(form);
  } else {
    parts.push(
      el(
        'p',
        `${pin.status} by ${pin.decidedBy ?? '?'}${pin.note ? `. Note: ${pin.note}` : ''}`,
        'decided',
      ),
    );
  }
  const message = el('p', state.message ?? '', state.messageClass ?? '');
  message.id = 'pin-message';
  message.setAttribute('role', 'status');
  parts.push(message);
  box.replaceChildren(...parts);
}

async function loadDetail() {
  if (!state.selected) {
    state.shown = null;
    $('pin-detail').hidden = true;
    return;
  }
  if (state.shown?.pin.id === state.selected) return;
  try {
    const body = await api(`/api/pins/${encodeURIComponent(state.selected)}`);
    state.shown = body;
    renderDetail(body);
    document.getElementById('pins-section').scrollIntoView({ block: 'start' });
  } catch (error) {
    state.shown = null;
    $('pin-detail').hidden = false;
    $('pin-detail').replaceChildren(
      el('p', `Cannot show this definition: ${error.message}`, 'error'),
    );
  }
}

async function decide(decision) {
  const shown = state.shown;
  if (!shown || state.busy) return;
  state.busy = true;
  const note = $('pin-note')?.value.trim();
  try {
    const { pin } = await api(`/api/pins/${encodeURIComponent(shown.pin.id)}/decision`, {
      method: 'POST',
      body: { decision, definitionHash: shown.pin.definitionHash, ...(note ? { note } : {}) },
    });
    state.message = `${pin.status === 'approved' ? 'Approved' : 'Rejected'} by ${pin.decidedBy}.`;
    state.messageClass = 'okmsg';
  } catch (error) {
    state.message = `Refused (${error.code}): ${error.message}`;
    state.messageClass = 'error';
  } finally {
    state.busy = false;
  }
  state.shown = null;
  await refresh();
}

async function refresh() {
  clearTimeout(state.timer);
  try {
    const { pins, available } = await api('/api/pins?status=pending&limit=200');
    if (available === false) {
      $('pins-section').hidden = true;
      return;
    }
    $('pins-list').replaceChildren(...pins.map(row));
    setText('pins-count', pins.length);
    $('pins-empty').hidden = pins.length > 0;
    await loadDetail();
  } catch (error) {
    if (error.code === 'pins_unavailable') {
      $('pins-section').hidden = true;
      return;
    }
    setText('pins-empty', `Cannot list tool definitions: ${error.message}`);
    $('pins-empty').hidden = false;
  }
  state.timer = setTimeout(refresh, POLL_MS);
}

/** Starts the pins view (after the session is known). */
export function initPins() {
  state.selected = selectedFromHash();
  window.addEventListener('hashchange', () => {
    state.selected = selectedFromHash();
    state.message = '';
    refresh();
  });
  return refresh();
}
