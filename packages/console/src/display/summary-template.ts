import { escapePointerToken } from '@argseal/core/data';

/** One piece of a summary template: literal text or a field reference. */
export type TemplatePart = { text: string } | { field: string };

/**
 * Splits `Refund {amount} on order {orderId}` into text and field references in one pass.
 * `{name}` refers to a top-level field, `{/a/b}` to a JSON Pointer; `{{` and `}}` are
 * literal braces; an unclosed `{` is literal text.
 */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i];
    if ((ch === '{' || ch === '}') && template[i + 1] === ch) {
      text += ch;
      i++;
      continue;
    }
    if (ch === '{') {
      const end = template.indexOf('}', i + 1);
      if (end > i + 1) {
        if (text) parts.push({ text });
        text = '';
        const name = template.slice(i + 1, end);
        parts.push({ field: name.startsWith('/') ? name : `/${escapePointerToken(name)}` });
        i = end;
        continue;
      }
    }
    text += ch;
  }
  if (text) parts.push({ text });
  return parts;
}
