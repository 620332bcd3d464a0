import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runDemo } from './demo.js';
import { INTERNAL_TOKEN } from './scripted-model.js';

describe('support-dlp example (real Vercel AI SDK, scripted model)', () => {
  it('redacts the card before the hash, holds the IBAN for a human, denies the token', async () => {
    const summary = await runDemo(() => {});
    expect(summary.replies).toEqual([
      {
        ticketId: 'T-7',
        body: expect.stringMatching(
          /^Hi Ada, the double charge on your card \[REDACTED:card_number:[a-p]{12}\] has been refunded\.$/,
        ),
      },
    ]);
    expect(summary.vendorTickets).toEqual([]);
    expect(summary.decisions).toEqual([
      { tool: 'send_reply', decision: 'allow', reason: 'dlp_redacted' },
      { tool: 'forward_to_vendor', decision: 'require_approval', reason: 'dlp_iban' },
      { tool: 'send_reply', decision: 'deny', reason: 'dlp_secret' },
    ]);
    expect(summary.pending).toMatchObject([{ tool: 'forward_to_vendor', reason: 'dlp_iban' }]);
    expect(summary.leaked).toBe(false);
    expect(summary.auditChainOk).toBe(true);
    // the conversation history holds what was sealed, not what the model wrote
    const history = JSON.stringify(summary.history);
    expect(history).not.toContain('4111 1111 1111 1111');
    expect(history).not.toContain(INTERNAL_TOKEN);
  });

  it('`pnpm start` runs offline and prints the outcome', () => {
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const env = { ...process.env, OPENAI_API_KEY: '' };
    const result = spawnSync('pnpm', ['run', '--silent', 'start'], { cwd, env, encoding: 'utf8' });
    expect(result.status, `${result.stderr}${String(result.error ?? '')}`).toBe(0);
    expect(result.stdout).toContain('chain verified');
    expect(result.stdout).toContain('card number or token in audit records or proposals: no');
  }, 60_000); // a child process: pnpm, tsx and the AI SDK start up
});
