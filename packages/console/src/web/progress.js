// Four eyes: how many distinct approvals a call has and needs, from the stored proposal's
// `approvals` ({ required, group?, excludeRequester?, received: [{ approver, at }] }) and its
// `requester` (server context).

/** `{ required, votes, approvers, group, excludeRequester, requester }`, or undefined without a rule. */
export function progressOf(p) {
  const a = p.approvals;
  if (!a || typeof a !== 'object') return undefined;
  const required = Number.isInteger(a.required) && a.required > 0 ? a.required : 1;
  const votes = Array.isArray(a.received) ? a.received.filter((v) => v?.approver) : [];
  return {
    required,
    votes,
    approvers: votes.map((v) => v.approver),
    group: typeof a.group === 'string' ? a.group : undefined,
    excludeRequester: a.excludeRequester === true,
    requester: typeof p.requester === 'string' ? p.requester : undefined,
  };
}

/** "1 of 2 approvals" for a pending call that needs more than one, else ''. */
export function progressText(p) {
  const g = progressOf(p);
  if (!g || p.status !== 'pending' || g.required <= 1) return '';
  return `${g.approvers.length} of ${g.required} approvals`;
}

/** "alice and bob", "alice, bob and carol". */
export function names(list) {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/**
 * The identity two names are compared on, as the stores compare them (core's
 * `canonicalIdentity`): NFKC, case-folded, hidden characters removed, whitespace collapsed.
 */
export function identityOf(name) {
  const text = String(name).normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    if (cp === 0x09 || cp === 0x0a || cp === 0x0d) out += ' ';
    else if (!isHidden(cp)) out += ch;
  }
  return out.replace(/\s+/gu, ' ').trim();
}

const INVISIBLE = new Set([0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x180e, 0x3164, 0xfeff, 0xffa0]);

/** Core's `hiddenCharacterKind` as a yes/no: controls, bidi, invisible, noncharacters. */
function isHidden(cp) {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    INVISIBLE.has(cp) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0000 && cp <= 0xe007f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef) ||
    (cp >= 0xfdd0 && cp <= 0xfdef) ||
    (cp & 0xfffe) === 0xfffe
  );
}

/**
 * Why `me` (in `groups`) cannot approve (`approve`) or decide at all (`all`) this pending
 * call, in the approver's words; '' when nothing blocks.
 */
export function blockedFor(p, me, groups) {
  const g = progressOf(p);
  if (!g || p.status !== 'pending') return { approve: '', all: '' };
  if (g.group && !groups.includes(g.group))
    return {
      approve: '',
      all: `Only members of the group ${g.group} may decide this call; you are not in it.`,
    };
  const who = identityOf(me);
  if (g.approvers.some((a) => identityOf(a) === who))
    return {
      approve: `You already approved this call; your approval counts once. It needs ${g.required - g.approvers.length} more from someone else.`,
      all: '',
    };
  if (g.excludeRequester && g.requester !== undefined && identityOf(g.requester) === who)
    return {
      approve: 'You requested this call, so someone else must approve it. You can still reject it.',
      all: '',
    };
  return { approve: '', all: '' };
}
