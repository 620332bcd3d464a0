import type {
  Attempt,
  Authorizer,
  CallOptions,
  PrepareInput,
  PrepareResult,
} from '../authorizer/types.js';
import type { ArgsealTool } from '../tool/types.js';
import {
  type AdapterOptions,
  assertAdapterOptions,
  DEFAULT_MAX_CACHED_CALLS,
  resolveContext,
} from './adapter-options.js';
import { createHandoverLedger, type HandoverScope } from './handover-ledger.js';
import { decodedOnly } from './inputs.js';
import { argumentTextInput, isDeclaredRawTextModel } from './raw-text-paths.js';
import { type RuntimeDecisions, runtimeDecisions } from './runtime-decisions.js';
import { attemptFromHandover, type HistoryText, prepareForHistory } from './seams.js';

/** What {@link createAdapterRuntime} is given: the user's options and the adapter's own facts. */
export interface AdapterRuntimeOptions<Context, Run, Where extends string> {
  /** The adapter's name in error messages, e.g. `'@argseal/ai-sdk'`. */
  adapter: string;
  /** The user's options, checked once here (`invalid_adapter_options`, `unknown_option`). */
  options: AdapterOptions<Context, Run>;
  /** The adapter's own option keys; any key neither shared nor listed is refused. */
  ownKeys: readonly string[];
  /** The framework's documented context when `options.context` is not set. */
  defaultContext?: (run: Run) => Context | undefined;
  /**
   * The adapter's closed raw-text table: true when `model`'s tool-call text at `where` (a
   * mode, or where in the framework's message the text sits) is the provider's wire text.
   * Asked once per model object and `where`; a model declared with `declareRawTextModel`
   * counts without asking. Omitted: only declared models.
   */
  rawTextPath?: (model: object, where: Where) => boolean;
}

/** One call as a seam meets it: the sealed tool, the call id and the arguments held now. */
interface RuntimeCall {
  tool: ArgsealTool;
  toolCallId: string;
  /**
   * What the framework holds for the arguments: a value the runtime handed out
   * ({@link AdapterRuntime.decode}, {@link AdapterRuntime.adopt}), the decoded arguments,
   * or a string: their text as the framework's history carries it.
   */
  args: unknown;
}

/**
 * The state one seal of a framework shares between its seams (model seam → approval gate
 * → execute): the checked options, the sealed tools, the hand-over ledger, the raw-text
 * table with its per-model answers, and the authorizer-bound lifecycle helpers.
 */
export interface AdapterRuntime<Context = unknown, Run = unknown, Where extends string = string>
  extends RuntimeDecisions<Context> {
  readonly authorizer: Authorizer<Context>;
  /** `options.allowDecodedOnly === true`. */
  readonly allowDecodedOnly: boolean;
  /** The sealed tools by name. */
  readonly tools: ReadonlyMap<string, ArgsealTool>;
  /** Adds `tool` under its name; `false` (nothing added) when another tool has that name. */
  register(tool: ArgsealTool): boolean;
  /** The server context of one call: `options.context` (a value, or its answer for `run`), else the default. */
  context(run: Run): Promise<Context>;
  /** `CallOptions` for a call: its id, `context` when defined, and `allowDecodedOnly` when set. */
  callOptions<Id extends string | undefined>(
    toolCallId: Id,
    context: Context | undefined,
    extra?: Pick<CallOptions<Context>, 'resumeOf'>,
  ): CallOptions<Context> & (Id extends string ? { toolCallId: string } : unknown);
  /** True when `model`'s tool-call text at `where` is the provider's wire text (see `rawTextPath`). */
  isRawText(model: unknown, where: Where): boolean;
  /**
   * The `prepare` input for a call's argument text: the text itself where its path is
   * `proven` raw text ({@link AdapterRuntime.isRawText}), else the `decoded_only` value it
   * encodes. Without a text: the framework's decoded `args`, as `decoded_only`.
   */
  argumentInput(text: string | undefined, proven: boolean, args?: unknown): PrepareInput;
  /**
   * Model seam: prepares a call once, hands the attempt over (in `scope`), and returns what
   * history must carry: `historyArguments`, or the payload-free refusal text (not JSON).
   */
  prepareForHistory(
    tool: ArgsealTool,
    input: PrepareInput,
    options: CallOptions<Context> & { toolCallId: string },
    scope?: HandoverScope,
  ): Promise<HistoryText>;
  /** Hands `attempt` over to the next seam, in `scope` (an object held weakly, a string, or shared). */
  put(attempt: Attempt, scope?: HandoverScope): void;
  /**
   * The one lookup: the attempt handed over in `scope` for this tool, call id and
   * arguments, taken once; `undefined` when none (or another tool object of that name).
   */
  take(call: RuntimeCall, scope?: HandoverScope): Attempt | undefined;
  /**
   * Tool seam: the first attempt handed over in `scopes` (in order), else a fresh
   * preparation of the decoded arguments with `fresh` (called only then): accepted on a
   * resume or with `allowDecodedOnly`, refused `raw_text_unavailable` otherwise.
   */
  attemptFor(
    call: RuntimeCall & { scopes: readonly HandoverScope[] },
    fresh: CallOptions<Context> | (() => CallOptions<Context> | Promise<CallOptions<Context>>),
  ): Promise<PrepareResult>;
  /**
   * The deep-frozen decoded value of a history text, for an adapter that writes the
   * framework's decoded arguments itself; {@link AdapterRuntime.take} knows it by identity.
   *
   * @throws {ArgsealConfigError} `invalid_canonical_json` when `text` is not JSON.
   */
  decode(text: string): unknown;
  /**
   * For a hook that may replace the framework's decoded arguments (the AI SDK's schema
   * `validate`): the handed-over attempt's deep-frozen snapshot when `value` stringifies
   * to its history text, else `value` itself.
   */
  adopt(value: unknown): unknown;
  /** Attempts waiting in the hand-over ledger. */
  readonly waiting: number;
}

/**
 * Creates the one runtime an adapter holds per seal: checks the options
 * (`assertAdapterOptions`), and holds the tools, the hand-over ledger (bounded by
 * `maxCachedCalls`, default 1024), the raw-text table and the decision helpers.
 *
 * @throws {ArgsealConfigError} `invalid_adapter_options`; `UnknownOptionError` `unknown_option`.
 */
export function createAdapterRuntime<
  Context = unknown,
  Run = unknown,
  Where extends string = string,
>(init: AdapterRuntimeOptions<Context, Run, Where>): AdapterRuntime<Context, Run, Where> {
  const { options, defaultContext, rawTextPath } = init;
  assertAdapterOptions(init.adapter, options, init.ownKeys);
  const authorizer = options.authorizer;
  const allowDecodedOnly = options.allowDecodedOnly === true;
  const ledger = createHandoverLedger<Attempt>({
    max: options.maxCachedCalls ?? DEFAULT_MAX_CACHED_CALLS,
  });
  const tools = new Map<string, ArgsealTool>();
  // the table's answer per model object and `where` (a model's class and provider id do not change)
  const answers = new WeakMap<object, Map<Where, boolean>>();

  function isRawText(model: unknown, where: Where): boolean {
    if (typeof model !== 'object' || model === null) return false;
    if (isDeclaredRawTextModel(model)) return true;
    if (rawTextPath === undefined) return false;
    let known = answers.get(model);
    if (known === undefined) answers.set(model, (known = new Map()));
    let answer = known.get(where);
    if (answer === undefined) known.set(where, (answer = rawTextPath(model, where) === true));
    return answer;
  }

  function take(call: RuntimeCall, scope?: HandoverScope): Attempt | undefined {
    const lookup = { tool: call.tool.name, toolCallId: call.toolCallId, args: call.args };
    const handed = ledger.take(lookup, scope);
    return handed?.tool === call.tool ? handed : undefined;
  }

  return {
    authorizer,
    allowDecodedOnly,
    tools,
    register(tool) {
      if ((tools.get(tool.name) ?? tool) !== tool) return false;
      tools.set(tool.name, tool);
      return true;
    },
    async context(run) {
      return (await resolveContext(options.context, run, defaultContext)) as Context;
    },
    callOptions(toolCallId, context, extra) {
      return <never>{
        ...(toolCallId !== undefined ? { toolCallId } : {}),
        ...(context !== undefined ? { context } : {}),
        ...(allowDecodedOnly ? { allowDecodedOnly: true } : {}),
        ...(extra?.resumeOf !== undefined ? { resumeOf: extra.resumeOf } : {}),
      };
    },
    isRawText,
    argumentInput: (text, proven, args) =>
      text === undefined ? decodedOnly(args) : argumentTextInput(text, proven),
    prepareForHistory: (tool, input, callOptions, scope) =>
      prepareForHistory(authorizer, ledger, tool, input, callOptions, scope),
    put: (attempt, scope) => ledger.put(attempt, scope),
    take,
    attemptFor: (call, fresh) => attemptFromHandover(authorizer, take, call, fresh),
    decode: ledger.decode,
    adopt: ledger.adopt,
    get waiting() {
      return ledger.size;
    },
    ...runtimeDecisions(authorizer, tools),
  };
}
