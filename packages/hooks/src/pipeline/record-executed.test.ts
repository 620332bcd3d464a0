import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';
import { auditOf } from '../__fixtures__/store-audit.js';
import { approveProposal } from '../approve/approve.js';
import { readOutcome } from '../host/post-tool-use.js';

const CONFIG = { agent: 'unit', rules: [{ tool: 'Bash', decision: 'allow' }] };
const SECRET = 'touch s3cr3t-marker.txt';
const post = (event: string, extra: object) =>
  hookInput('Bash', { command: SECRET }, { hook_event_name: event, ...extra });

const records = auditOf;

describe('PostToolUse: an executed record, no payload', () => {
  it('Claude Code: the allowed call ran (same proposal hash as its decision, exit 0)', async () => {
    const file = configFile(CONFIG);
    await runInProcess('claude-code', hookInput('Bash', { command: SECRET }), file);
    const after = await runInProcess(
      'claude-code',
      post('PostToolUse', { tool_response: { stdout: 'out', interrupted: false } }),
      file,
    );
    expect(after).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const all = await records(file.dataDir);
    const decided = all.find((r) => r.type === 'decided');
    const executed = all.filter((r) => r.type === 'executed');
    expect(executed).toHaveLength(1);
    expect(executed[0]).toMatchObject({
      agent: 'unit',
      tool: 'Bash',
      toolCallId: 'toolu_1',
      proposalHash: decided?.proposalHash,
      data: {
        host: 'claude-code',
        event: 'PostToolUse',
        outcome: 'succeeded',
        exitCode: 0,
        match: 'allowed',
        decisionSeq: decided?.seq,
        decisionHash: decided?.hash,
      },
    });
    expect(executed[0]?.argsCanonicalJson).toBeUndefined();
    expect(JSON.stringify(executed)).not.toContain('s3cr3t');
  });

  it('Claude Code PostToolUseFailure: failed with the exit status, not the error text', async () => {
    const file = configFile(CONFIG);
    const error = 'Exit code 2\nls: cannot access s3cr3t';
    await runInProcess('claude-code', post('PostToolUseFailure', { error }), file);
    const [executed] = (await records(file.dataDir)).filter((r) => r.type === 'executed');
    expect(executed?.data).toEqual({
      host: 'claude-code',
      event: 'PostToolUseFailure',
      outcome: 'failed',
      exitCode: 2,
      // no PreToolUse decided this call: flagged, not accepted
      match: 'no_allowed_decision',
      submittedBy: 'argseal-hook', // the store daemon's agent API stamps who appended it
    });
    expect(JSON.stringify(executed)).not.toContain('s3cr3t');
  });

  it('Codex: completed (Codex reports no exit status)', async () => {
    const file = configFile(CONFIG);
    await runInProcess('codex', post('PostToolUse', { tool_response: 's3cr3t output' }), file);
    const [executed] = (await records(file.dataDir)).filter((r) => r.type === 'executed');
    expect(executed?.data).toEqual({
      host: 'codex',
      event: 'PostToolUse',
      outcome: 'completed',
      match: 'no_allowed_decision',
      submittedBy: 'argseal-hook', // the store daemon's agent API stamps who appended it
    });
  });

  it('with materialContext the executed hash is the envelope hash the decision used', async () => {
    const file = configFile({ ...CONFIG, materialContext: ['cwd', 'sessionId'] });
    await runInProcess('claude-code', hookInput('Bash', { command: SECRET }), file);
    await runInProcess('claude-code', post('PostToolUse', { tool_response: {} }), file);
    await runInProcess('claude-code', post('PostToolUse', { tool_response: {}, cwd: '/x' }), file);
    const all = await records(file.dataDir);
    const decided = all.find((r) => r.type === 'decided');
    const [here, elsewhere] = all.filter((r) => r.type === 'executed');
    expect(here?.proposalHash).toBe(decided?.proposalHash);
    expect(elsewhere?.proposalHash).not.toBe(decided?.proposalHash);
    expect([here?.data?.match, elsewhere?.data?.match]).toEqual(['allowed', 'no_allowed_decision']);
  });

  it('a call that ran on its grant matches the approval_consumed record', async () => {
    const file = configFile({
      agent: 'unit',
      rules: [{ tool: 'Bash', decision: 'require_approval' }],
    });
    const input = hookInput('Bash', { command: SECRET });
    const asked = await runInProcess('codex', input, file);
    const id = (/proposal ([0-9a-f-]{36})/.exec(asked.stdout) as RegExpExecArray)[1] as string;
    await approveProposal({ id, configPath: file.path }, { env: {}, cwd: '/' });
    expect((await runInProcess('codex', input, file)).stdout).toContain('"allow"');
    await runInProcess('codex', post('PostToolUse', { tool_response: 'ok' }), file);
    const all = await records(file.dataDir);
    const consumed = all.find((r) => r.type === 'approval_consumed');
    const executed = all.find((r) => r.type === 'executed');
    expect(executed?.data).toMatchObject({
      match: 'allowed',
      decisionSeq: consumed?.seq,
      decisionHash: consumed?.hash,
    });
  });

  it('an executed call that no allowed decision covers is flagged no_allowed_decision', async () => {
    const file = configFile({
      agent: 'unit',
      rules: [
        { tool: 'Bash', command: 'rm', decision: 'deny' },
        { tool: 'Bash', command: 'make', decision: 'require_approval' },
        { tool: 'Bash', decision: 'allow' },
      ],
    });
    const pre = (command: string, id: string) =>
      runInProcess('claude-code', hookInput('Bash', { command }, { tool_use_id: id }), file);
    const ran = (command: string, id: string) =>
      runInProcess(
        'claude-code',
        hookInput('Bash', { command }, { tool_use_id: id, hook_event_name: 'PostToolUse' }),
        file,
      );
    await pre('rm -rf x', 'toolu_denied');
    await ran('rm -rf x', 'toolu_denied'); // denied, yet the host says it ran
    await pre('make x', 'toolu_pending');
    await ran('make x', 'toolu_pending'); // waiting for approval
    await pre('ls', 'toolu_ok');
    await ran('ls -la', 'toolu_ok'); // another input than the one allowed
    await ran('ls', 'toolu_other'); // another call id
    await ran('ls', 'toolu_ok'); // the allowed call itself
    const all = await records(file.dataDir);
    const executed = all.filter((r) => r.type === 'executed');
    expect(executed.map((r) => [r.toolCallId, r.data?.match])).toEqual([
      ['toolu_denied', 'no_allowed_decision'],
      ['toolu_pending', 'no_allowed_decision'],
      ['toolu_ok', 'no_allowed_decision'],
      ['toolu_other', 'no_allowed_decision'],
      ['toolu_ok', 'allowed'],
    ]);
    const allowed = all.find((r) => r.type === 'decided' && r.decision === 'allow');
    expect(executed[4]?.data).toMatchObject({
      decisionSeq: allowed?.seq,
      decisionHash: allowed?.hash,
    });
    expect(executed.slice(0, 4).every((r) => r.data?.decisionSeq === undefined)).toBe(true);
  });

  it('bad PostToolUse input blocks with one line, exit 2, nothing stored', async () => {
    const file = configFile(CONFIG);
    const r = await runInProcess('codex', post('PostToolUse', { tool_use_id: 7 }), file);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: 'argseal hook: blocked (input/invalid_hook_input at /tool_use_id)\n',
      stored: false,
    });
  });
});

describe('readOutcome', () => {
  const doc = (o: object) => ({ tool_name: 'Bash', ...o });
  it('reads what each host reports', () => {
    expect(
      readOutcome(doc({ tool_response: { interrupted: true } }), 'PostToolUse', 'claude-code'),
    ).toEqual({ event: 'PostToolUse', outcome: 'interrupted' });
    expect(
      readOutcome({ tool_name: 'Read', tool_response: {} }, 'PostToolUse', 'claude-code'),
    ).toEqual({ event: 'PostToolUse', outcome: 'succeeded' });
    expect(readOutcome(doc({ is_interrupt: true }), 'PostToolUseFailure', 'claude-code')).toEqual({
      event: 'PostToolUseFailure',
      outcome: 'interrupted',
    });
    for (const error of ['Exit code 99999\n', 'Exit code x', 'exit code 1', 42]) {
      expect(readOutcome(doc({ error }), 'PostToolUseFailure', 'claude-code')).toEqual({
        event: 'PostToolUseFailure',
        outcome: 'failed',
      });
    }
    expect(
      readOutcome(doc({ error: 'Exit code 127' }), 'PostToolUseFailure', 'claude-code'),
    ).toMatchObject({ exitCode: 127 });
  });
});
