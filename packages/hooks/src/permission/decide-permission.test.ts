import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';
import { approveProposal } from '../approve/approve.js';
import { loadConfig } from '../config/load-config.js';
import { decidePermission } from './decide-permission.js';
import { permissionCall } from './permission-call.js';

const CONFIG = {
  rules: [{ tool: 'Bash', command: 'make', decision: 'require_approval', reason: 'build' }],
};
const where = { env: {}, cwd: '/' };
const fast = { waitMs: 0, pollMs: 10 };

describe('decidePermission (the --permission-prompt-tool answer)', () => {
  it('refuses decoded arguments for a call the hook never proposed (raw_text_unavailable)', async () => {
    const file = configFile(CONFIG);
    const { config } = await loadConfig(file.path, {}, '/');
    const call = permissionCall(
      { tool_name: 'Bash', input: { command: 'make' }, tool_use_id: 'toolu_x' },
      '/work/project',
      'me',
    );
    expect(await decidePermission(config, call, where, fast)).toEqual({
      behavior: 'deny',
      message: 'argseal: refused (decode/raw_text_unavailable)',
    });
  });

  it("answers the hook's proposal: deny while pending, allow once approved (grant used once)", async () => {
    const file = configFile(CONFIG);
    const { config } = await loadConfig(file.path, {}, '/');
    const asked = await runInProcess('claude-code', hookInput('Bash', { command: 'make' }), file);
    const id = (/proposal ([0-9a-f-]{36})/.exec(asked.stdout) as RegExpExecArray)[1] as string;
    const call = permissionCall(
      { tool_name: 'Bash', input: { command: 'make' }, tool_use_id: 'toolu_1' },
      '/work/project',
      'me',
    );
    const waiting = await decidePermission(config, call, where, fast);
    expect(waiting).toMatchObject({
      behavior: 'deny',
      message: expect.stringContaining(`proposal ${id}`),
    });
    await approveProposal({ id, configPath: file.path }, where);
    expect(await decidePermission(config, call, where, fast)).toEqual({
      behavior: 'allow',
      updatedInput: { command: 'make' },
    });
    expect(await decidePermission(config, call, where, fast)).toMatchObject({ behavior: 'deny' });
  });

  it('with materialContext, resumes the proposal of this call in its recorded session and cwd', async () => {
    const user = (await import('node:os')).userInfo().username;
    const prompt = (as: string) =>
      permissionCall(
        { tool_name: 'Bash', input: { command: 'make' }, tool_use_id: 'toolu_1' },
        '/elsewhere',
        as,
      );
    const approved = async () => {
      const file = configFile({ ...CONFIG, materialContext: ['sessionId', 'cwd', 'user'] });
      const asked = await runInProcess('claude-code', hookInput('Bash', { command: 'make' }), file);
      const id = (/proposal ([0-9a-f-]{36})/.exec(asked.stdout) as RegExpExecArray)[1] as string;
      await approveProposal({ id, configPath: file.path }, where);
      return (await loadConfig(file.path, {}, '/')).config;
    };
    // the prompt tool is not told the session: it takes the context of the hook's proposal
    // for this tool_use_id (its own cwd differs), but checks the user itself
    const config = await approved();
    expect(await decidePermission(config, prompt(user), where, fast)).toEqual({
      behavior: 'allow',
      updatedInput: { command: 'make' },
    });
    const other = await approved();
    expect(await decidePermission(other, prompt(`${user}-not`), where, fast)).toMatchObject({
      behavior: 'deny',
    });
  });
});
