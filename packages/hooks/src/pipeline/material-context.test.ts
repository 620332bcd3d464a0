import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';
import { approveProposal, listPendingProposals } from '../approve/approve.js';

const MAKE = { tool: 'Bash', command: 'make', decision: 'require_approval', reason: 'build' };
const where = { env: {}, cwd: '/' };
const idOf = (stdout: string) =>
  (/proposal ([0-9a-f-]{36})/.exec(stdout) as RegExpExecArray)[1] as string;
const make = (cwd: string, extra: object = {}) =>
  hookInput('Bash', { command: 'make all' }, { cwd, ...extra });
const answer = (stdout: string) => JSON.parse(stdout).hookSpecificOutput;

describe('materialContext: server context hashed with the arguments', () => {
  it('not configured: the same command in another cwd is the same proposal', async () => {
    const file = configFile({ rules: [MAKE] });
    const a = await runInProcess('claude-code', make('/work/a'), file);
    const b = await runInProcess('claude-code', make('/work/b'), file);
    expect(idOf(b.stdout)).toBe(idOf(a.stdout));
    await approveProposal({ id: idOf(a.stdout), configPath: file.path }, where);
    // the approval from /work/a runs in /work/b: cwd is server context only
    expect(answer((await runInProcess('codex', make('/work/b'), file)).stdout)).toMatchObject({
      permissionDecision: 'allow',
    });
  });

  it('["cwd"]: another cwd is a new proposal; the approval runs only where it was given, once', async () => {
    const file = configFile({ materialContext: ['cwd'], rules: [MAKE] });
    const a = await runInProcess('claude-code', make('/work/a'), file);
    const b = await runInProcess('claude-code', make('/work/b/'), file);
    expect(idOf(b.stdout)).not.toBe(idOf(a.stdout));
    // harmless spellings of the same directory are the same proposal
    const a2 = await runInProcess('claude-code', make('/work/x/../a/'), file);
    expect(idOf(a2.stdout)).toBe(idOf(a.stdout));
    await approveProposal({ id: idOf(a.stdout), configPath: file.path }, where);

    const elsewhere = answer((await runInProcess('claude-code', make('/work/b'), file)).stdout);
    expect(elsewhere).toMatchObject({ permissionDecision: 'deny' });
    expect(elsewhere.permissionDecisionReason).toContain(`proposal ${idOf(b.stdout)}`);

    const here = answer((await runInProcess('claude-code', make('/work/a'), file)).stdout);
    // the host runs the tool input, not the envelope
    expect(here).toMatchObject({
      permissionDecision: 'allow',
      updatedInput: { command: 'make all' },
    });
    expect(answer((await runInProcess('claude-code', make('/work/a'), file)).stdout)).toMatchObject(
      { permissionDecision: 'deny' },
    );
  });

  it('the approver sees the envelope; policies and rewrites see the tool input', async () => {
    const file = configFile({
      materialContext: ['user', 'sessionId', 'cwd'],
      rules: [{ tool: 'Write', decision: 'require_approval' }],
      rewrite: { normalizePaths: true },
    });
    const write = hookInput(
      'Write',
      { file_path: 'src/../a.txt', content: 'x' },
      { cwd: '/work/p', session_id: 's-9' },
    );
    await runInProcess('claude-code', write, file);
    const [pending] = await listPendingProposals(file.path, where);
    const ctx = JSON.parse(pending?.argsCanonicalJson ?? '{}')['argseal:context'];
    expect(ctx).toEqual({ cwd: '/work/p', sessionId: 's-9', user: expect.any(String) });
    expect(pending?.argsCanonicalJson).toMatch(
      /^\{"argseal:context":\{"cwd":"\/work\/p","sessionId":"s-9","user":"[^"]+"\},"argseal:input":\{"content":"x","file_path":"\/work\/p\/a.txt"\}\}$/,
    );
    // another session: a new proposal
    await runInProcess('claude-code', write.replace('"s-9"', '"s-10"'), file);
    expect(await listPendingProposals(file.path, where)).toHaveLength(2);
  });

  it('a reserved key in tool_input blocks (both modes), nothing stored', async () => {
    for (const config of [{ materialContext: ['cwd'] }, {}]) {
      const input = hookInput('Bash', { 'argseal:context': { cwd: '/' }, command: 'ls' });
      expect(
        await runInProcess('codex', input, configFile({ ...config, default: 'allow' })),
      ).toEqual({
        code: 2,
        stdout: '',
        stderr: 'argseal hook: blocked (input/reserved_input_key at /tool_input/argseal:context)\n',
        stored: false,
      });
    }
  });

  const bad: [string, unknown, string][] = [
    ['not a list', 'cwd', '/materialContext'],
    ['unknown field', ['cwd', 'home'], '/materialContext/1'],
    ['listed twice', ['user', 'user'], '/materialContext/1'],
  ];
  for (const [name, value, path] of bad) {
    it(`bad config (${name}): invalid_config at ${path}, exit 2, nothing stored`, async () => {
      const file = configFile({});
      const store = { type: 'embedded', dataDir: file.dataDir };
      writeFileSync(file.path, JSON.stringify({ materialContext: value, default: 'allow', store }));
      expect(await runInProcess('claude-code', make('/w'), file)).toEqual({
        code: 2,
        stdout: '',
        stderr: `argseal hook: blocked (config/invalid_config at ${path})\n`,
        stored: false,
      });
    });
  }
});
