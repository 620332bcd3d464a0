import type { JsonValue } from '@argseal/core';
import { leaves } from './leaves.js';
import { markerOf } from './reveal.js';
import { findHiddenCharacters } from './visible-text.js';

const NAMES: Record<number, string> = {
  8234: 'LEFT-TO-RIGHT EMBEDDING',
  8235: 'RIGHT-TO-LEFT EMBEDDING',
  8236: 'POP DIRECTIONAL FORMATTING',
  8237: 'LEFT-TO-RIGHT OVERRIDE',
  8238: 'RIGHT-TO-LEFT OVERRIDE',
  8294: 'LEFT-TO-RIGHT ISOLATE',
  8295: 'RIGHT-TO-LEFT ISOLATE',
  8296: 'FIRST STRONG ISOLATE',
  8297: 'POP DIRECTIONAL ISOLATE',
  8203: 'ZERO WIDTH SPACE',
  8204: 'ZERO WIDTH NON-JOINER',
  8205: 'ZERO WIDTH JOINER',
  8206: 'LEFT-TO-RIGHT MARK',
  8207: 'RIGHT-TO-LEFT MARK',
  8288: 'WORD JOINER',
  65279: 'ZERO WIDTH NO-BREAK SPACE',
  173: 'SOFT HYPHEN',
};

/** A warning shown on the proposal: text that displays differently from what it is. */
export interface DisplayWarning {
  code: 'hidden_characters';
  /** JSON Pointer of the value (or key) holding them. */
  path: string;
  message: string;
}

/** One warning per argument value or key with bidi controls, invisible or control characters. */
export function hiddenCharacterWarnings(args: JsonValue): DisplayWarning[] {
  const out: DisplayWarning[] = [];
  for (const [path, value] of leaves(args)) {
    const texts = [path, typeof value === 'string' ? value : ''];
    const found = texts.flatMap((t) => findHiddenCharacters(t));
    if (found.length === 0) continue;
    const kinds = [...new Set(found.map((f) => f.codePoint))]
      .slice(0, 4)
      .map((cp) => `${markerOf(cp)}${NAMES[cp] ? ` ${NAMES[cp]}` : ''}`);
    const bidi = found.some((f) => f.kind === 'bidi');
    out.push({
      code: 'hidden_characters',
      path,
      message: `${found.length} hidden character${found.length === 1 ? '' : 's'} (${kinds.join(', ')})${bidi ? ' can make this text display in a different order than it runs' : ' do not show on screen'}; they are shown here as markers.`,
    });
  }
  return out;
}
