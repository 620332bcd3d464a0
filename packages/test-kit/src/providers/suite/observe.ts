import { ArgsealError, type AuditRecord, createStrictFetch } from '@argseal/core';
import { startLoopbackProvider } from '../loopback-server.js';
import type { LoopbackRequest } from '../types.js';
import { TOOL_NAME } from './cases.js';
import type {
  DriverOutcome,
  DriverSession,
  ProviderTarget,
  RealProviderDriver,
  SuiteMode,
  SuiteWiring,
} from './driver.js';
import { createSuiteWorld, type SuiteWorld } from './world.js';

const CALL_ID = 'call_suite_1';
/** Mistral's clients check call ids: nine letters or digits. */
const callIdFor = (api: string) => (api === 'mistral-chat' ? 'callsuit1' : CALL_ID);

/** Where one run happened: a loopback replaying `args`, a fresh session on `world`. */
export interface RunSetup {
  driver: RealProviderDriver;
  target: ProviderTarget;
  mode: SuiteMode;
  wiring: SuiteWiring;
}

export interface Observed {
  world: SuiteWorld;
  session: DriverSession;
  requests: readonly LoopbackRequest[];
  close(): Promise<void>;
}

/** Starts a loopback for `args` (one tool-call turn, then text turns) and a driver session. */
export async function openRun(
  setup: RunSetup,
  args: string,
  world: SuiteWorld = createSuiteWorld(),
): Promise<Observed> {
  const provider = await startLoopbackProvider({
    api: setup.target.api,
    turns: [
      { toolCalls: [{ id: callIdFor(setup.target.api), name: TOOL_NAME, arguments: args }] },
      { text: 'done' },
      { text: 'done' },
      { text: 'done' },
    ],
    maxRequests: 12,
    lifetimeMs: 30_000,
  });
  const strict =
    setup.wiring === 'sealed+guard'
      ? createStrictFetch(undefined, { registry: world.provenance })
      : undefined;
  const session = await setup.driver.session({
    target: setup.target,
    mode: setup.mode,
    wiring: setup.wiring,
    url: provider.url,
    fetch: strict,
    authorizer: world.authorizer,
    approvals: world.approvals,
    audit: world.audit,
    tool: world.tool,
    plain: world.plain,
    context: world.context,
  });
  return { world, session, requests: provider.requests, close: provider.close };
}

/** The argseal code of a run error (anywhere in its cause chain), if any. */
function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 8; depth++) {
    if (ArgsealError.isInstance(e)) return e.code;
    const match = /(?:decode|snapshot)\/([a-z_]+)/.exec(String((e as Error).message ?? ''));
    if (match) return match[1];
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface Refusal {
  code: string;
  source: 'guard' | 'adapter';
}

/** How the call was refused: by the guard (the run failed with its code) or by the adapter (audit). */
export function refusalOf(
  outcome: DriverOutcome,
  audit: readonly AuditRecord[],
): Refusal | undefined {
  const fromError = outcome.status === 'failed' ? errorCode(outcome.error) : undefined;
  if (fromError) return { code: fromError, source: 'guard' };
  const invalid = audit.find((r) => r.type === 'invalid' && r.error?.code);
  return invalid?.error ? { code: invalid.error.code, source: 'adapter' } : undefined;
}

/** JSON-ish text of what a tool received, keeping `-0` and lone surrogates visible. */
export function show(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(show).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${show(v)}`)
      .join(',')}}`;
  }
  return String(value);
}

/** Short name of a run error for the table. */
export function errorName(error: unknown): string {
  const e = error as { name?: string; constructor?: { name?: string } } | undefined;
  return e?.name ?? e?.constructor?.name ?? 'error';
}
