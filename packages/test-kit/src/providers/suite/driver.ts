import type { ApprovalStore, ArgsealTool, AuditSink, Authorizer } from '@argseal/core';
import type { ProviderApi } from '../types.js';

/** One provider package speaking one wire API, as a framework consumes it. */
export interface ProviderTarget {
  /** The provider package, e.g. `@ai-sdk/openai`. */
  provider: string;
  api: ProviderApi;
}

export type SuiteMode = 'generate' | 'stream';
/**
 * `unsealed`: the framework's own tools, no argseal (to measure what it does);
 * `sealed`: the adapter's documented wiring; `sealed+guard`: plus `createStrictFetch`
 * as the provider client's `fetch`.
 */
export type SuiteWiring = 'unsealed' | 'sealed' | 'sealed+guard';

/** The tool in framework-neutral form, for the unsealed wiring. */
export interface PlainToolSpec {
  name: string;
  description: string;
  /** A zod schema (`z.object({ to: z.string(), amount: z.number() })`). */
  schema: unknown;
  /** Records the execution; returns the tool result. */
  execute(args: unknown, toolCallId: string | undefined): Promise<unknown>;
}

export interface DriverSessionInit {
  target: ProviderTarget;
  mode: SuiteMode;
  wiring: SuiteWiring;
  /** Loopback origin (`http://127.0.0.1:<port>`); the provider client's base URL. */
  url: string;
  /** The strict fetch for `sealed+guard`, else `undefined` (the SDK's own fetch). */
  fetch: typeof globalThis.fetch | undefined;
  authorizer: Authorizer<any>;
  approvals: ApprovalStore;
  audit: AuditSink;
  /** The argseal tool (sealed wirings). */
  tool: ArgsealTool;
  /** The same tool for the framework alone (unsealed wiring). */
  plain: PlainToolSpec;
  context: unknown;
}

/** How one run or resume ended. Errors of the run are returned, never thrown. */
export interface DriverOutcome {
  status: 'completed' | 'paused' | 'failed';
  error?: unknown;
}

export interface DriverSession {
  /** Starts the run with a user prompt; the loopback replays the scripted turns. */
  run(): Promise<DriverOutcome>;
  /** Sends the framework's own "approved" signal for the paused call and continues. */
  resume(): Promise<DriverOutcome>;
}

/** One (provider package, API, mode) path an adapter trusts as the provider's wire text. */
export interface RawTextPathRow {
  provider: string;
  api: string;
  mode: SuiteMode;
}

/** Implemented once per adapter package, against its public API. */
export interface RealProviderDriver {
  /** Adapter name for the table, e.g. `ai-sdk`. */
  adapter: string;
  targets: readonly ProviderTarget[];
  /**
   * The adapter's closed raw-text table. Every other target x mode must refuse even a
   * benign call `raw_text_unavailable` in the default wiring (and run it with the guard);
   * every listed one must refuse each hostile text with the decoder's own code. So a
   * provider upgrade that changes what reaches the adapter turns a test red.
   */
  rawTextPaths: readonly RawTextPathRow[];
  /** Targets whose provider client has no fetch hook: `sealed+guard` is `sealed` there. */
  noFetchHook?: readonly ProviderTarget[];
  modes: readonly SuiteMode[];
  session(init: DriverSessionInit): DriverSession | Promise<DriverSession>;
}

/**
 * A case that fails today on an adapter because of a real bug, kept out of the
 * assertions (its observation is still recorded in the table). Each entry names the
 * exact assertion that fails; rebuilders fix the bug and delete the entry.
 */
export interface KnownFailure {
  provider: string;
  api: ProviderApi;
  mode: SuiteMode;
  wiring: Exclude<SuiteWiring, 'unsealed'>;
  case: string;
  /** The failing assertion, verbatim from the suite. */
  assertion: string;
}

/** Runs one framework call; its error becomes a `failed` outcome (the suite inspects it). */
export async function settle(run: () => Promise<'completed' | 'paused'>): Promise<DriverOutcome> {
  try {
    return { status: await run() };
  } catch (error) {
    return { status: 'failed', error };
  }
}
