import { z } from 'zod';
import { args, setup } from '../../../authorizer/__fixtures__/refund.js';
import { defineTool } from '../../../tool/define-tool.js';
import type { ArgsealTool } from '../../../tool/types.js';
import type { PendingCall } from '../types.js';

/** The refund fixture plus a second tool an edit may retarget to (needs a `ticket`). */
export function decisionWorld(options?: Parameters<typeof setup>[0]) {
  const ctx = setup(options);
  const manualRuns: unknown[] = [];
  const manual = defineTool({
    name: 'refund_manual',
    description: 'Manual refund',
    schema: z.object({ orderId: z.string(), amount: z.number().int(), ticket: z.string() }),
    execute: (input) => {
      manualRuns.push(input);
      return 'ok';
    },
  });
  const tools = new Map<string, ArgsealTool>([
    [ctx.tool.name, ctx.tool],
    [manual.name, manual],
  ]);
  const toolFor = (name: string) => tools.get(name);

  /** Suspends a refund of `amount` as `toolCallId` (amounts above 10,000 need approval). */
  async function suspend(amount: number, toolCallId: string): Promise<PendingCall> {
    const p = await ctx.authorizer.prepare(ctx.tool, args(amount), { toolCallId });
    if (!p.ok) throw new Error(`prepare: ${p.refusal.code}`);
    const checked = await p.attempt.check();
    if (checked.type !== 'suspended') throw new Error(`expected suspension, got ${checked.type}`);
    return { toolCallId, attempt: p.attempt, proposal: checked.proposal };
  }
  return { ...ctx, manual, manualRuns, toolFor, suspend };
}
