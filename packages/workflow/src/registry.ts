import type { ApprovalWait, ArgsealTool } from '@argseal/core';
import type { WaitIndex } from './wait-index.js';

/** What the steps of one registration use (kept on `globalThis`, see {@link lookupSealed}). */
export interface SealedRegistration {
  wait: ApprovalWait;
  tools: ReadonlyMap<string, ArgsealTool>;
  waits: WaitIndex;
}

const KEY = Symbol.for('argseal.workflow.registrations');

/**
 * Registrations live on `globalThis` under a registered symbol: the Workflow DevKit step
 * bundle and the application may load this package as two module instances in one process.
 */
export function registrations(): Map<string, SealedRegistration> {
  const holder = globalThis as unknown as Record<symbol, Map<string, SealedRegistration>>;
  holder[KEY] ??= new Map();
  return holder[KEY];
}

/** The registration `name`, or `undefined`. */
export function lookupSealed(name: string): SealedRegistration | undefined {
  return registrations().get(name);
}
