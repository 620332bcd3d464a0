import { userInfo } from 'node:os';
import { assertKnownOptions } from '@argseal/core';
import { loadConfig } from '../config/load-config.js';
import { findShadowedRules } from '../config/shadowed-rules.js';
import { HookError } from '../errors.js';
import { decisionJson } from '../host/decision-output.js';
import { decodeHookDocument, hookEventOf, readHookCall } from '../host/hook-input.js';
import type { HostName } from '../host/hosts.js';
import { isPostEvent, readOutcome } from '../host/post-tool-use.js';
import { readText } from '../host/read-text.js';
import { answerFor } from './answer.js';
import { blockLine } from './block-line.js';
import { recordExecuted } from './record-executed.js';
import { type HookEnvironment, sealerFor, withStore } from './session-for.js';
import { shadowWarning } from './shadow-warning.js';

/** Exit statuses of `argseal hook`: 0 with a decision on stdout, 2 blocked (one line on stderr). */
export const HOOK_EXIT = { decided: 0, blocked: 2 } as const;

/** Deadline before the config is read, and the default after. */
export const DEFAULT_TIMEOUT_MS = 20_000;

/** Streams and settings of one hook run. */
export interface RunHookOptions extends HookEnvironment {
  stdin: AsyncIterable<Uint8Array | string> | undefined;
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** `--config FILE`. */
  configPath?: string | undefined;
}

const RUN_HOOK_OPTION_KEYS: readonly (keyof RunHookOptions)[] = [
  'stdin',
  'stdout',
  'stderr',
  'configPath',
  'env',
  'cwd',
];

function osUser(env: HookEnvironment['env']): string {
  try {
    return userInfo().username;
  } catch {
    return env.USER ?? 'unknown';
  }
}

async function decide(
  host: HostName,
  o: RunHookOptions,
  setDeadline: (ms: number) => void,
): Promise<string> {
  const doc = decodeHookDocument(await readText(o.stdin));
  const event = hookEventOf(doc);
  const post = isPostEvent(event);
  if (event !== 'PreToolUse' && !post) {
    throw new HookError(
      'input',
      'unsupported_event',
      'only PreToolUse and PostToolUse are handled',
      {
        path: '/hook_event_name',
      },
    );
  }
  const call = readHookCall(doc, host, osUser(o.env));
  const { config } = await loadConfig(o.configPath, o.env, o.cwd);
  setDeadline(config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  for (const s of findShadowedRules(config.rules ?? [])) o.stderr.write(shadowWarning(config, s));
  if (post) {
    // after the tool: record that it ran; nothing to decide, nothing on stdout
    const outcome = readOutcome(doc, event, host);
    await withStore(config, o, (store) => recordExecuted(config, host, call, outcome, store));
    return '';
  }
  const verdict = await withStore(config, o, (store) => sealerFor(config, host, store).seal(call));
  return decisionJson(answerFor(verdict, host, config.hosts?.[host]?.approval ?? 'deny'));
}

/**
 * One hook call. PreToolUse: read the host's JSON from stdin, decide, print the decision
 * JSON (exit 0). PostToolUse / PostToolUseFailure: append an `executed` record, print
 * nothing (exit 0). Anything else blocks: bad input, a missing or invalid config, a store
 * failure, a crash or the deadline print one line on stderr and exit 2, with nothing on
 * stdout. Never throws.
 */
export async function runHook(host: HostName, o: RunHookOptions): Promise<number> {
  assertKnownOptions('runHook', o, RUN_HOOK_OPTION_KEYS);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expire: (error: HookError) => void = () => {};
  const expired = new Promise<never>((_, reject) => {
    expire = reject;
  });
  const setDeadline = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => expire(new HookError('hook', 'timeout', `no decision within ${ms} ms`)),
      ms,
    );
  };
  setDeadline(DEFAULT_TIMEOUT_MS);
  try {
    const out = await Promise.race([decide(host, o, setDeadline), expired]);
    o.stdout.write(out);
    return HOOK_EXIT.decided;
  } catch (error) {
    o.stderr.write(blockLine(error));
    return HOOK_EXIT.blocked;
  } finally {
    clearTimeout(timer);
  }
}
