import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('openai-agents-refund example', () => {
  it('runs offline with its start script across six processes', { timeout: 300_000 }, () => {
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const env = { ...process.env, OPENAI_API_KEY: '', NO_COLOR: '1' };
    const r = spawnSync('pnpm', ['run', '--silent', 'start'], { cwd, env, encoding: 'utf8' });
    expect(r.status, `${r.stderr}${String(r.error ?? '')}`).toBe(0);
    const out = r.stdout;
    expect(out).toContain('scripted offline model');
    expect(out).toContain('deleting customers is not allowed');
    expect(out).toContain(
      '⏸ paused refund {"amount":12000,"currency":"EUR","orderId":"A-1001","reason":"arrived broken"}',
    );
    expect(out).toContain('✔ approved by alice@support');
    expect(out).toContain('refunds [{"orderId":"A-1001","amount":12000,"currency":"EUR"}]');
    expect(out).toContain('deleted customers []');
    expect(out).toContain('new pending proposal');
    expect(out).toContain('chain verified');
    // the rules of the @argseal/policies composition that decided, from the audit trace
    expect(out).toContain('rule  → allow by idsFromServerList (ids_in_server_list)');
    expect(out).toContain(
      'rule  → require_approval by moneyLimit (money_above_approval_threshold)',
    );
    expect(out).toContain('rule  → deny by alwaysDeny');
    expect(out).toContain('rule  → deny by idsFromServerList (id_not_in_server_list)');
    expect(out).toContain(
      'decided by lookup_order allow by idsFromServerList ×1, delete_customer deny by alwaysDeny ×1, refund require_approval by moneyLimit ×4, refund deny by idsFromServerList ×1',
    );
    expect(out).toContain('what was approved is exactly what ran, once');
  });
});
