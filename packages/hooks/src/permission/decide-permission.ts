import type { JsonObject } from '@argseal/core';
import type { HookModuleConfig } from '../config/types.js';
import type { HookCall } from '../host/hook-input.js';
import { approvalHint } from '../pipeline/answer.js';
import type { SealVerdict } from '../pipeline/seal-call.js';
import { type HookEnvironment, sealerFor, withStore } from '../pipeline/session-for.js';

/** The permission prompt tool's answer, as Claude Code reads it. */
export type PermissionAnswer =
  | { behavior: 'allow'; updatedInput: JsonObject }
  | { behavior: 'deny'; message: string };

function sealOnce(
  config: HookModuleConfig,
  call: HookCall,
  where: HookEnvironment,
): Promise<SealVerdict> {
  return withStore(config, where, (store) => sealerFor(config, 'claude-code', store).seal(call));
}

function pending(config: HookModuleConfig, id: string, where: HookEnvironment): Promise<boolean> {
  return withStore(
    config,
    where,
    async (store) => (await store.approvals.getProposal(id))?.status === 'pending',
  );
}

/**
 * Answers one permission prompt: the whole pipeline runs on the call (policy again); a call
 * that waits for approval is polled until a person decides it (or `waitMs` passes), then
 * sealed again so the grant is consumed atomically for exactly this call. The store is
 * opened per step, so hooks running meanwhile are not locked out.
 */
export async function decidePermission(
  config: HookModuleConfig,
  call: HookCall,
  where: HookEnvironment,
  options: { waitMs: number; pollMs: number },
): Promise<PermissionAnswer> {
  const deadline = Date.now() + options.waitMs;
  let verdict = await sealOnce(config, call, where);
  while (verdict.type === 'approval_required' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, options.pollMs));
    if (!(await pending(config, verdict.proposalId, where)))
      verdict = await sealOnce(config, call, where);
  }
  switch (verdict.type) {
    case 'allow':
      return { behavior: 'allow', updatedInput: verdict.input };
    case 'deny':
      return { behavior: 'deny', message: `argseal: denied (${verdict.reason})` };
    case 'invalid':
      return { behavior: 'deny', message: `argseal: refused (${verdict.stage}/${verdict.code})` };
    case 'approval_required':
      return {
        behavior: 'deny',
        message: `argseal: still waiting for approval of proposal ${verdict.proposalId}: ${approvalHint(verdict.proposalId)}`,
      };
  }
}
