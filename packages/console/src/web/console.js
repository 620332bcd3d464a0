// argseal console page script. Every value from the server is written with textContent,
// never through an HTML sink; the page's CSP enforces Trusted Types, so an HTML sink would throw.

(() => {
  const POLL_MS = 2000;
  const CSRF_HEADER = 'X-Argseal-CSRF';
  const $ = (id) => document.getElementById(id);

  /** Creates an element whose content is plain text. */
  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  function setText(id, text) {
    $(id).textContent = text === undefined || text === null ? '' : String(text);
  }

  /** Re-indents canonical JSON text without reparsing it, so key order and numbers stay exact. */
  function prettyCanonical(text) {
    let out = '';
    let depth = 0;
    let inString = false;
    const pad = () => `\n${'  '.repeat(depth)}`;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (inString) {
        out += ch;
        if (ch === '\\') out += text[++i] ?? '';
        else if (ch === '"') inString = false;
        continue;
      }
      if (ch === '"') {
        inString = true;
        out += ch;
      } else if (ch === '{' || ch === '[') {
        const close = ch === '{' ? '}' : ']';
        if (text[i + 1] === close) {
          out += ch + close;
          i++;
        } else {
          depth++;
          out += ch + pad();
        }
      } else if (ch === '}' || ch === ']') {
        depth--;
        out += pad() + ch;
      } else if (ch === ',') {
        out += `,${pad()}`;
      } else if (ch === ':') {
        out += ': ';
      } else {
        out += ch;
      }
    }
    return out;
  }

  function age(iso) {
    const ms = Date.now() - Date.parse(iso);
    if (!Number.isFinite(ms)) return 'unknown';
    const s = Math.max(0, Math.round(ms / 1000));
    if (s < 60) return `${s}s ago`;
    if (s < 3600) return `${Math.floor(s / 60)} min ago`;
    if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
    return `${Math.floor(s / 86400)} d ago`;
  }

  const time = (iso) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString();
  };

  async function api(path, init) {
    const response = await fetch(path, { credentials: 'same-origin', cache: 'no-store', ...init });
    if (response.status === 401) {
      location.assign('/login');
      throw new Error('not logged in');
    }
    const body = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) {
      const e = body?.error
        ? body.error
        : { code: `http_${response.status}`, message: 'request failed' };
      const error = new Error(e.message);
      error.code = e.code;
      error.status = response.status;
      throw error;
    }
    return body;
  }

  // ---- login page ----
  function initLogin() {
    $('login-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      setText('login-error', '');
      try {
        const response = await fetch('/api/session', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ token: $('token').value }),
        });
        if (!response.ok) {
          const body = await response.json().catch(() => null);
          setText('login-error', body?.error?.message ?? `login failed (${response.status})`);
          return;
        }
        location.assign('/');
      } catch {
        setText('login-error', 'cannot reach the console');
      }
    });
  }

  // ---- console page ----
  const state = { csrf: '', selected: '', shown: null, timer: 0 };

  function selectedFromHash() {
    const m = /^#\/p\/(.+)$/.exec(location.hash);
    return m ? decodeURIComponent(m[1]) : '';
  }

  function renderPending(list) {
    const ul = $('pending-list');
    ul.replaceChildren(
      ...list.map((p) => {
        const li = el('li');
        const a = el('a');
        a.href = `#/p/${encodeURIComponent(p.id)}`;
        if (p.id === state.selected) a.className = 'selected';
        a.dataset.proposalId = p.id;
        a.append(
          el('span', p.tool, 'ptool'),
          el('span', p.agent, 'pagent'),
          el('span', age(p.createdAt), 'page'),
        );
        if (p.originalArguments !== undefined) a.append(el('span', 'rewritten', 'badge warn'));
        a.append(el('span', p.reason, 'preason'));
        li.append(a);
        return li;
      }),
    );
    setText('pending-count', list.length);
    $('pending-empty').hidden = list.length !== 0;
  }

  function renderDecided(list) {
    $('decided-body').replaceChildren(
      ...list.map((p) => {
        const tr = el('tr');
        const status = el('td');
        status.append(el('span', p.status, `badge ${p.status}`));
        const tool = el('td');
        const link = el('a', p.tool);
        link.href = `#/p/${encodeURIComponent(p.id)}`;
        tool.append(link);
        tr.append(
          status,
          tool,
          el('td', p.agent),
          el('td', p.decidedBy ?? ''),
          el('td', p.decidedAt ? time(p.decidedAt) : ''),
          el('td', p.note ?? ''),
        );
        return tr;
      }),
    );
  }

  function auditDetail(r) {
    const parts = [];
    if (r.decision) parts.push(r.decision);
    if (r.approver) parts.push(`by ${r.approver}`);
    if (r.reason) parts.push(r.reason);
    if (r.error?.code) parts.push(`${r.error.stage ?? ''} ${r.error.code}`.trim());
    if (r.note) parts.push(`note: ${r.note}`);
    return parts.join(' · ');
  }

  function renderAudit(audit) {
    const badge = $('audit-status');
    const v = audit.verification;
    badge.textContent = v.ok
      ? `chain verified · ${audit.total} records`
      : `CHAIN BROKEN at record ${v.index}: ${v.reason}`;
    badge.className = v.ok ? 'badge ok' : 'badge bad';
    badge.dataset.verified = v.ok ? 'true' : 'false';
    $('audit-body').replaceChildren(
      ...audit.records.map((r) => {
        const tr = el('tr');
        const hash = el('td');
        const code = el('code', `${String(r.hash).slice(0, 12)}…`);
        code.title = r.hash;
        hash.append(code);
        tr.append(
          el('td', r.seq),
          el('td', time(r.at)),
          el('td', r.type),
          el('td', r.agent ?? ''),
          el('td', r.tool ?? ''),
          el('td', auditDetail(r)),
          hash,
        );
        return tr;
      }),
    );
  }

  function renderDetail(p) {
    if (!p) {
      $('detail-body').hidden = true;
      $('detail-empty').hidden = false;
      state.shown = null;
      return;
    }
    $('detail-empty').hidden = true;
    $('detail-body').hidden = false;
    const same = state.shown && state.shown.id === p.id;
    state.shown = p;
    setText('d-tool', p.tool);
    setText('d-tool-name', p.tool);
    setText('d-agent', p.agent);
    setText('d-reason', p.reason);
    setText('d-age', age(p.createdAt));
    setText('d-created', `(${time(p.createdAt)})`);
    setText('d-hash', p.proposalHash);
    setText('d-confirm-hash', p.proposalHash);
    setText('d-id', p.id);
    setText('d-call', p.toolCallId);
    const status = $('d-status');
    status.textContent = p.status;
    status.className = `badge ${p.status}`;
    const separate = p.bindingHash !== p.proposalHash;
    $('d-binding-label').hidden = !separate;
    $('d-binding-row').hidden = !separate;
    setText('d-binding', separate ? p.bindingHash : '');
    const decided = p.status !== 'pending';
    $('d-decided-label').hidden = !decided;
    $('d-decided').hidden = !decided;
    setText(
      'd-decided',
      decided
        ? `${p.status} by ${p.decidedBy ?? '?'} at ${p.decidedAt ? time(p.decidedAt) : '?'}${p.note ? ` · note: ${p.note}` : ''}`
        : '',
    );
    setText('d-args', prettyCanonical(p.argsCanonicalJson));
    const rewritten = p.originalArguments !== undefined;
    $('d-rewrite').hidden = !rewritten;
    setText('d-original', rewritten ? prettyCanonical(p.originalArguments) : '');
    setText('d-effective', rewritten ? prettyCanonical(p.argsCanonicalJson) : '');
    $('decision-form').hidden = decided;
    if (!same) {
      $('d-note').value = '';
      setText('d-message', '');
    }
  }

  async function loadDetail() {
    if (!state.selected) return renderDetail(null);
    try {
      const { proposal } = await api(`/api/proposals/${encodeURIComponent(state.selected)}`);
      if (proposal.id === state.selected) renderDetail(proposal);
    } catch (error) {
      renderDetail(null);
      setText('detail-empty', `Cannot show this proposal: ${error.message}`);
    }
  }

  async function refresh() {
    clearTimeout(state.timer);
    try {
      const [pending, all, audit] = await Promise.all([
        api('/api/proposals?status=pending'),
        api('/api/proposals?status=all&limit=50'),
        api('/api/audit?limit=100'),
      ]);
      renderPending(pending.proposals);
      renderDecided(all.proposals.filter((p) => p.status !== 'pending'));
      renderAudit(audit);
      await loadDetail();
      setText('live-status', `live · updated ${new Date().toLocaleTimeString()}`);
      $('live-status').className = 'muted';
    } catch (error) {
      setText('live-status', `offline: ${error.message}`);
      $('live-status').className = 'error';
    }
    state.timer = setTimeout(refresh, POLL_MS);
  }

  async function decide(decision) {
    const p = state.shown;
    if (!p) return;
    const minutes = Number($('d-expiry').value);
    const note = $('d-note').value.trim();
    const body = {
      decision,
      proposalHash: p.proposalHash,
      expiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
      ...(note ? { note } : {}),
    };
    setText('d-message', 'sending…');
    try {
      const result = await api(`/api/proposals/${encodeURIComponent(p.id)}/decision`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: state.csrf },
        body: JSON.stringify(body),
      });
      setText(
        'd-message',
        `${result.grant.decision === 'approve' ? 'Approved' : 'Rejected'} by ${result.grant.approver}.`,
      );
      $('d-message').className = 'okmsg';
    } catch (error) {
      setText('d-message', `Refused (${error.code}): ${error.message}`);
      $('d-message').className = 'error';
    }
    await refresh();
  }

  async function initConsole() {
    const session = await api('/api/session');
    state.csrf = session.csrfToken ?? '';
    setText('whoami', session.approver);
    state.selected = selectedFromHash();
    window.addEventListener('hashchange', () => {
      state.selected = selectedFromHash();
      refresh();
    });
    $('decision-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const decision = event.submitter && event.submitter.value === 'reject' ? 'reject' : 'approve';
      decide(decision);
    });
    $('logout').addEventListener('click', async () => {
      await api('/api/session/logout', {
        method: 'POST',
        headers: { [CSRF_HEADER]: state.csrf },
      }).catch(() => null);
      location.assign('/login');
    });
    await refresh();
  }

  document.addEventListener('DOMContentLoaded', () => {
    const page = document.body.dataset.page;
    if (page === 'login') initLogin();
    else if (page === 'console')
      initConsole().catch((error) => setText('live-status', `error: ${error.message}`));
  });
})();
