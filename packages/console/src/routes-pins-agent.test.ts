import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, ALICE, errorCode, OTHER_AGENT } from './__fixtures__/console-fixture.js';
import { digestOf, ECHO_V1, pinConsole } from './__fixtures__/pin-console.js';

type Cx = Awaited<ReturnType<typeof pinConsole>>;

describe('agent pin routes: /api/agent/pins', () => {
  let cx: Cx;
  beforeAll(async () => {
    cx = await pinConsole();
  });
  afterAll(() => cx.close());

  it('refuses observations whose text is not their hash, not JCS, or not the agent own, storing nothing', async () => {
    const good = await digestOf(ECHO_V1);
    const other = await digestOf({ ...ECHO_V1, description: 'other' });
    const base = { server: 'fx', tool: 'echo' };
    const cases: [unknown, number, string, string?][] = [
      [{ ...base, ...good, definitionHash: other.definitionHash }, 400, 'definition_hash_mismatch'],
      [
        { ...base, ...good, definitionJson: `${good.definitionJson} ` },
        400,
        'invalid_pin_definition',
      ],
      [
        { ...base, ...good, definitionJson: JSON.stringify(ECHO_V1) },
        400,
        'invalid_pin_definition',
      ],
      [{ ...base, tool: 'not-echo', ...good }, 400, 'invalid_pin_definition'],
      [{ ...base, ...good, definitionHash: 'x' }, 400, 'invalid_pin_definition'],
      [{ ...base, server: '', ...good }, 400, 'invalid_pin_key'],
      [{ ...base, server: 7, ...good }, 400, 'invalid_pin_key'],
      [{ ...base, ...good, status: 'approved' }, 400, 'unknown_field'],
      [{ ...base, ...good, agent: 'other-bot' }, 403, 'agent_mismatch'],
      [{ ...base, ...good }, 403, 'forbidden_role', ALICE],
      [{ ...base, ...good }, 401, 'invalid_token', 'not-a-known-token-at-all'],
    ];
    for (const [body, status, code, token] of cases) {
      const res = await cx.request('POST', '/api/agent/pins/observe', {
        token: token ?? AGENT,
        body,
      });
      expect([res.status, await errorCode(res)], code).toEqual([status, code]);
    }
    expect(await cx.pins!.list({ status: 'all' })).toEqual([]);
    expect(await cx.audit.records()).toEqual([]);
  });

  it('observes, reads its own pins only, and pins on first use but never a change', async () => {
    const first = await cx.observe(ECHO_V1);
    expect(first.record.status).toBe('pending');
    const mine = await cx.request('GET', `/api/agent/pins/${first.record.id}`, { token: AGENT });
    expect(((await mine.json()) as { pin: { id: string } }).pin.id).toBe(first.record.id);
    const theirs = await cx.request('GET', `/api/agent/pins/${first.record.id}`, {
      token: OTHER_AGENT,
    });
    expect([theirs.status, await errorCode(theirs)]).toEqual([404, 'pin_not_found']);
    const theirList = await cx.request('GET', '/api/agent/pins', { token: OTHER_AGENT });
    expect(((await theirList.json()) as { pins: unknown[] }).pins).toEqual([]);
    const stolen = await cx.request('POST', `/api/agent/pins/${first.record.id}/first-use`, {
      token: OTHER_AGENT,
      body: {},
    });
    expect([stolen.status, await errorCode(stolen)]).toEqual([404, 'pin_not_found']);

    const pinned = await cx.request('POST', `/api/agent/pins/${first.record.id}/first-use`, {
      token: AGENT,
      body: {},
    });
    expect(pinned.status).toBe(200);
    expect(((await pinned.json()) as { pin: unknown }).pin).toMatchObject({
      status: 'approved',
      decidedBy: 'argseal:first-use',
    });
    const twice = await cx.request('POST', `/api/agent/pins/${first.record.id}/first-use`, {
      token: AGENT,
      body: {},
    });
    expect([twice.status, await errorCode(twice)]).toEqual([409, 'pin_not_pending']);

    const changed = await cx.observe({ ...ECHO_V1, description: 'Echoes, and more' });
    expect(changed.record.status).toBe('pending');
    const before = await cx.snapshot();
    const refused = await cx.request('POST', `/api/agent/pins/${changed.record.id}/first-use`, {
      token: AGENT,
      body: {},
    });
    expect([refused.status, await errorCode(refused)]).toEqual([409, 'pin_not_first_use']);
    expect(await cx.snapshot()).toBe(before);
    const list = await cx.request('GET', '/api/agent/pins?status=pending', { token: AGENT });
    expect(((await list.json()) as { pins: { id: string }[] }).pins.map((p) => p.id)).toEqual([
      changed.record.id,
    ]);
    const badStatus = await cx.request('GET', '/api/agent/pins?status=nope', { token: AGENT });
    expect([badStatus.status, await errorCode(badStatus)]).toEqual([400, 'invalid_status']);
  });

  it('accepts the proxy audit event tool_definition_observed; decisions only come from the console', async () => {
    const observed = await cx.request('POST', '/api/agent/audit', {
      token: AGENT,
      body: {
        type: 'tool_definition_observed',
        agent: 'support-bot',
        tool: 'echo',
        data: { server: 'fx', pinId: 'p-1', definitionHash: 'a'.repeat(64) },
      },
    });
    expect(observed.status).toBe(200);
    const trail = (await (await cx.request('GET', '/api/audit', { token: ALICE })).json()) as {
      records: { type: string; data?: { submittedBy?: string } }[];
    };
    expect(
      trail.records.find((r) => r.type === 'tool_definition_observed')?.data?.submittedBy,
    ).toBe('support-bot');
    for (const type of ['tool_definition_approved', 'tool_definition_rejected']) {
      const res = await cx.request('POST', '/api/agent/audit', { token: AGENT, body: { type } });
      expect([res.status, await errorCode(res)], type).toEqual([403, 'forbidden_event_type']);
    }
  });
});
