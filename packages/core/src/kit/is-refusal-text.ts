/**
 * True when a tool result text is one `refusalText` wrote (the tool did not run, or
 * `tool_failed`), for frameworks whose tool result has no slot for the `Refusal` itself.
 * A tool's own output could start the same way: trust the audit trail, not this test.
 */
export function isRefusalText(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  if (text.startsWith('argseal refused the call of ')) return true;
  return text.startsWith('argseal: ') && text.includes(' failed while executing (code=tool_failed');
}
