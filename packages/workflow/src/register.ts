import {
  type ArgsealTool,
  type Authorizer,
  assertKnownOptions,
  createApprovalWait,
  type ExecutionLedger,
} from '@argseal/core';
import { WorkflowApprovalError } from './errors.js';
import { registrations } from './registry.js';
import type { WaitIndex } from './wait-index.js';

/** Options of {@link registerSealedTools}. */
export interface SealedToolsOptions<Context = unknown> {
  /** The authorizer whose policy, approval store and audit the steps use. */
  authorizer: Authorizer<Context>;
  /** Durable record of execute steps (SQL across processes, memory for one process). */
  ledger: ExecutionLedger;
  /** Where the steps record which hook waits for which proposal. */
  waits: WaitIndex;
  /** The tools a workflow may call by name through {@link callSealedTool}. */
  tools: readonly ArgsealTool[];
  /** Name of this registration (default `"default"`), passed as `registration` to `callSealedTool`. */
  name?: string;
}

/** A registration made by {@link registerSealedTools}. */
export interface SealedTools {
  /** The registration's name. */
  readonly name: string;
  /** Removes the registration (steps that run later fail with `not_registered`). */
  unregister(): void;
}

const OPTION_KEYS = ['authorizer', 'ledger', 'waits', 'tools', 'name'] as const;
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Registers the authorizer, ledger and tools the argseal steps of your workflows use, in
 * the process that runs the steps (your server, or the test worker). Workflows refer to
 * tools by name only: workflow inputs and step arguments are recorded by the engine and must
 * be serializable, the tools and the authorizer are not.
 *
 * @throws {WorkflowApprovalError} `invalid_workflow_options` for a missing option, a
 *   duplicate tool name or a name already registered.
 * @throws {UnknownOptionError} `unknown_option` (core) for an unknown option.
 */
export function registerSealedTools<Context = unknown>(
  options: SealedToolsOptions<Context>,
): SealedTools {
  if (options === null || typeof options !== 'object') {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      'registerSealedTools needs an options object',
    );
  }
  assertKnownOptions('registerSealedTools', options, OPTION_KEYS);
  const { authorizer, ledger, waits, tools } = options;
  const name = options.name ?? 'default';
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      'registerSealedTools: "name" must be 1 to 64 letters, digits, "_", "." or "-"',
    );
  }
  if (
    !waits ||
    typeof waits.addWait !== 'function' ||
    typeof waits.waitsFor !== 'function' ||
    typeof waits.removeWait !== 'function'
  ) {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      'registerSealedTools: "waits" must be a WaitIndex (createMemoryWaitIndex or createDbosLedger)',
    );
  }
  if (!Array.isArray(tools) || tools.length === 0) {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      'registerSealedTools: "tools" must be a non-empty array of argseal tools',
    );
  }
  const byName = new Map<string, ArgsealTool>();
  for (const tool of tools) {
    if (!tool || typeof tool.name !== 'string' || byName.has(tool.name)) {
      throw new WorkflowApprovalError(
        'invalid_workflow_options',
        `registerSealedTools: every tool needs a unique name (${String(tool?.name)})`,
      );
    }
    byName.set(tool.name, tool);
  }
  // validates authorizer and ledger (invalid_wait_options from core)
  const wait = createApprovalWait({ authorizer, ledger });
  const all = registrations();
  if (all.has(name)) {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      `registerSealedTools: "${name}" is already registered (unregister it first)`,
    );
  }
  const registration = { wait: wait as never, tools: byName, waits };
  all.set(name, registration);
  return {
    name,
    unregister() {
      if (all.get(name) === registration) all.delete(name);
    },
  };
}
