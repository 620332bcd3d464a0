import { hiddenCharacterKind } from '@argseal/core/data';

/** Text made safe for a terminal: hidden characters as `⟦U+XXXX⟧`, except newline and tab. */
function visible(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const lone = cp >= 0xd800 && cp <= 0xdfff;
    if (cp !== 0x0a && cp !== 0x09 && (lone || hiddenCharacterKind(cp) !== undefined))
      out += `⟦U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟧`;
    else out += ch;
  }
  return out;
}

/**
 * A call's canonical arguments for an approver's terminal, one field per line; a string
 * with line breaks is shown as text (its lines indented under `|`, a final newline as a
 * last empty line), not as an escaped JSON string. Hidden characters other than newline and
 * tab are shown as `⟦U+XXXX⟧`.
 */
export function showArguments(argsCanonicalJson: string): string {
  let value: unknown;
  try {
    value = JSON.parse(argsCanonicalJson);
  } catch {
    return `  ${visible(argsCanonicalJson)}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `  ${visible(argsCanonicalJson)}`;
  const lines: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' && v.includes('\n')) {
      lines.push(`  ${visible(JSON.stringify(key))}: (text, ${v.split('\n').length} lines)`);
      for (const line of v.split('\n')) lines.push(`    | ${visible(line)}`);
    } else {
      lines.push(`  ${visible(JSON.stringify(key))}: ${visible(JSON.stringify(v))}`);
    }
  }
  return lines.join('\n');
}
