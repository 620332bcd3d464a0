/** The one line that opens a decoded-only path safely, for refusal messages and READMEs. */
export const RAW_TEXT_FIX =
  "pass `fetch: createStrictFetch()` (from '@argseal/core') to the provider client, or set `allowDecodedOnly: true`";
