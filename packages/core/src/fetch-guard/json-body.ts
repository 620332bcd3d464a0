import type { JsonValue } from '../json/types.js';
import { checkArgumentText, foundCall, recordCheckedValue } from './check-call.js';
import type { GuardContext } from './types.js';

type Rec = { [key: string]: JsonValue };

export const isRec = (v: JsonValue | undefined): v is Rec =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const recs = (v: JsonValue | undefined): Rec[] =>
  Array.isArray(v) ? v.filter((x): x is Rec => isRec(x)) : [];

/**
 * Checks every tool call of a strictly decoded, non-streamed provider body: Chat
 * Completions (and Mistral, OpenAI-compatible) `choices[].message.tool_calls[].function
 * .arguments` (a text, or an object), Responses `output[]` `function_call.arguments`,
 * Anthropic Messages `content[]` `tool_use.input`, Gemini `candidates[].content.parts[]`
 * `functionCall.args`.
 */
export function checkJsonBody(body: JsonValue, ctx: GuardContext): void {
  if (!isRec(body)) return;
  for (const choice of recs(body.choices)) {
    const message = isRec(choice.message) ? choice.message : undefined;
    for (const tc of recs(message?.tool_calls)) checkChatToolCall(tc, ctx);
  }
  checkResponsesOutput(body.output, ctx);
  for (const block of recs(body.content)) {
    if (block.type === 'tool_use' && block.input !== undefined) {
      recordCheckedValue(block.input, foundCall(block.id, block.name), ctx);
    }
  }
  checkGeminiCandidates(body.candidates, ctx);
}

/**
 * Gemini `generateContent` bodies and `streamGenerateContent` events: each part's
 * `functionCall.args` object sits inside a body the strict decoder accepted, so it is
 * checked by construction (recorded with the call's `id` when the body names one).
 */
export function checkGeminiCandidates(candidates: JsonValue | undefined, ctx: GuardContext): void {
  for (const candidate of recs(candidates)) {
    const content = isRec(candidate.content) ? candidate.content : undefined;
    for (const part of recs(content?.parts)) {
      const call = isRec(part.functionCall) ? part.functionCall : undefined;
      if (call === undefined) continue;
      recordCheckedValue(call.args ?? {}, foundCall(call.id, call.name), ctx);
    }
  }
}

function checkChatToolCall(tc: Rec, ctx: GuardContext): void {
  const fn = isRec(tc.function) ? tc.function : undefined;
  if (typeof fn?.arguments === 'string') {
    checkArgumentText(fn.arguments, foundCall(tc.id, fn.name), ctx);
  } else if (isRec(fn?.arguments)) {
    // Mistral may send the arguments as an object: checked with the body
    recordCheckedValue(fn.arguments, foundCall(tc.id, fn?.name), ctx);
  }
}

/** Responses `output[]` (a JSON body, or the `response` of `response.completed`). */
export function checkResponsesOutput(output: JsonValue | undefined, ctx: GuardContext): void {
  for (const item of recs(output)) {
    if (item.type === 'function_call' && typeof item.arguments === 'string') {
      checkArgumentText(item.arguments, foundCall(item.call_id, item.name), ctx);
    }
  }
}
