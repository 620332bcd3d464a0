import { HookError } from './errors.js';
import { isHostName } from './host/hosts.js';
import { blockLine } from './pipeline/block-line.js';
import { HOOK_EXIT, runHook } from './pipeline/run-hook.js';

/** Streams of `argseal hook`; `bin` passes the process's own. */
export interface HookCliIo {
  stdin?: AsyncIterable<Uint8Array | string> | undefined;
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  cwd?: string | undefined;
  env?: Readonly<Record<string, string | undefined>>;
}

/** A crash anywhere (even in a config module's timer) blocks the call: exit 2, one line. */
function failClosed(stderr: HookCliIo['stderr']): void {
  const block = (error: unknown) => {
    stderr.write(blockLine(error));
    process.exit(HOOK_EXIT.blocked);
  };
  process.on('uncaughtException', block);
  process.on('unhandledRejection', block);
}

/** What follows `argseal hook`. */
export type HookTarget = 'claude-code' | 'codex' | 'permission-server';

/**
 * `argseal hook <claude-code|codex|permission-server> [--config FILE]`: this module is all
 * a hook call loads besides core and the policy compiler. `permission-server` (the MCP
 * server behind Claude Code's `--permission-prompt-tool`) is imported only when asked for.
 * For a host it ends the process (0 decided, 2 blocked; an uncaught error anywhere also
 * exits 2); otherwise it returns the exit status.
 */
export async function runHookCommand(
  target: string,
  configPath: string | undefined,
  io: HookCliIo,
): Promise<number> {
  const where = { env: io.env ?? process.env, cwd: io.cwd ?? process.cwd() };
  if (isHostName(target)) {
    failClosed(io.stderr);
    const code = await runHook(target, {
      ...where,
      stdin: io.stdin,
      stdout: io.stdout,
      stderr: io.stderr,
      configPath,
    });
    // exit now: a store or config module still holding the event loop must not keep the
    // host waiting past its own timeout (where a hook failure may let the call through)
    process.exit(code);
  }
  if (target === 'permission-server') {
    try {
      const { userInfo } = await import('node:os');
      const { servePermissionPrompt } = await import('./permission/permission-server.js');
      await servePermissionPrompt({ ...where, configPath, user: userInfo().username });
      return HOOK_EXIT.decided;
    } catch (error) {
      io.stderr.write(blockLine(error));
      return HOOK_EXIT.blocked;
    }
  }
  io.stderr.write(blockLine(new HookError('hook', 'unknown_host', 'unknown host')));
  return HOOK_EXIT.blocked;
}

// the command line's plumbing: `argseal approve`, where the config and the data live, the
// store daemon (all in the chunks a hook call loads already; the permission server is not)
export {
  type ApproveOptions,
  type ApproveRequest,
  approveProposal,
  listPendingProposals,
  type WakeOpener,
  type WakeTarget,
} from './approve/approve.js';
export { configCandidates, defaultDataDir, ENV } from './config/locate.js';
export { DAEMON_FILES, type DaemonState } from './daemon/daemon-state.js';
export { stopStoreDaemon } from './daemon/start-daemon.js';
export { decisionJson, type HookAnswer } from './host/decision-output.js';
export { MAX_INPUT_BYTES } from './host/read-text.js';
export { EMBEDDED_DEFAULTS } from './store/open-backend.js';
