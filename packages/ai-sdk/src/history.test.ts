import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { approvalResponseFor, isResume } from './history.js';

const call = { type: 'tool-call', toolCallId: 'r1', toolName: 'refund', input: {} };
const request = { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'r1' };
const answer = (approved: boolean) =>
  ({
    role: 'tool',
    content: [{ type: 'tool-approval-response', approvalId: 'a1', approved }],
  }) as unknown as ModelMessage;
const assistant = (...content: object[]) =>
  ({ role: 'assistant', content }) as unknown as ModelMessage;
const user: ModelMessage = { role: 'user', content: 'refund it' };

describe('history: resumes and approval responses', () => {
  it('a resume needs the call in history and an answer to its request in the last message', () => {
    expect(isResume([user, assistant(call, request), answer(true)], 'r1')).toBe(true);
    expect(isResume([user, assistant(call, request), answer(false)], 'r1')).toBe(true);
    expect(approvalResponseFor([user, assistant(call, request), answer(false)], 'r1')).toBe(false);
    // answered, but the call itself is not in history
    expect(isResume([user, assistant(request), answer(true)], 'r1')).toBe(false);
    // the call is in history, the last message answers nothing
    expect(isResume([user, assistant(call, request)], 'r1')).toBe(false);
    expect(isResume([user, assistant(call, request), answer(true), user], 'r1')).toBe(false);
    // an answer to another call's request
    expect(isResume([user, assistant(call, request), answer(true)], 'r2')).toBe(false);
  });

  it('a step whose last message answers no approval never reads the history', () => {
    let reads = 0;
    const history = new Proxy([user, assistant(call, request), user], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key) && key !== '2') reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(isResume(history, 'r1')).toBe(false);
    expect(reads).toBe(0);
  });
});
