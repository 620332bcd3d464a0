// One step of a cross-process approval flow, run as its own Node process:
//   node process-step.mjs <dir> pause|approve|resume
// Approvals and audit live in an embedded PGlite database under <dir>/db; the RunState
// text in <dir>/state.txt; tool executions are appended to <dir>/executions.jsonl.
// Imports the built package (self-reference), like a user's app would.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAuthorizer, declareRawTextModel, defineTool } from '@argseal/core';
import { createAgentsSeal } from '@argseal/openai-agents';
import { createSqlApprovalStore, createSqlAuditLog, openEmbeddedDatabase } from '@argseal/postgres';
import { Agent, RunState, run, setTracingDisabled, Usage } from '@openai/agents';
import { z } from 'zod';

setTracingDisabled(true);
const [dir, step] = process.argv.slice(2);

const usage = { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 };
const turns = {
  pause: [
    [
      {
        type: 'function_call',
        id: 'fc_1',
        callId: 'call-refund',
        name: 'refund',
        status: 'completed',
        arguments: ' {"amount": 25000, "orderId": "o-1"} ',
      },
    ],
  ],
};
const model = declareRawTextModel({
  queue: [...(turns[step] ?? [])],
  async getResponse() {
    const output = this.queue.shift() ?? [
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'done' }],
      },
    ];
    return { usage: new Usage(usage), output };
  },
  getStreamedResponse() {
    throw new Error('not used');
  },
});

const db = await openEmbeddedDatabase(join(dir, 'db'));
try {
  const audit = createSqlAuditLog(db);
  const approvals = createSqlApprovalStore(db, { audit });
  const authorizer = createAuthorizer({
    agent: 'support',
    approvals,
    audit,
    policy: ({ parsedArguments }) =>
      parsedArguments.amount > 10_000
        ? { type: 'require_approval', reason: 'refund above limit' }
        : { type: 'allow' },
  });
  const refund = defineTool({
    name: 'refund',
    schema: z.object({ orderId: z.string(), amount: z.number().int() }),
    execute: (input, ctx) => {
      appendFileSync(
        join(dir, 'executions.jsonl'),
        `${JSON.stringify({ input, proposalHash: ctx.proposalHash })}\n`,
      );
      return { refunded: input.amount };
    },
  });
  const seal = createAgentsSeal({ authorizer });
  const agent = seal.agent(new Agent({ name: 'support', model }), { tools: [refund] });
  const statePath = join(dir, 'state.txt');
  let out;
  if (step === 'pause') {
    const result = await run(agent, 'refund o-1');
    writeFileSync(statePath, result.state.toString());
    out = {
      interruptions: result.interruptions.length,
      pending: (await seal.pending(result.state)).map((p) => p.status),
    };
  } else if (step === 'approve') {
    const state = await RunState.fromString(agent, readFileSync(statePath, 'utf8'));
    const grants = [];
    for (const p of await seal.pending(state)) {
      try {
        grants.push((await seal.approve(state, p.interruption, { approver: 'alice' })).decision);
      } catch (error) {
        grants.push(error.code);
      }
    }
    writeFileSync(statePath, state.toString());
    out = { grants };
  } else if (step === 'resume') {
    const state = await RunState.fromString(agent, readFileSync(statePath, 'utf8'));
    const result = await run(agent, state);
    const outputs = result.history
      .filter((i) => i.type === 'function_call_result')
      .map((i) => i.output.text ?? i.output);
    out = { interruptions: result.interruptions.length, outputs };
  }
  process.stdout.write(JSON.stringify(out));
} finally {
  await db.close();
}
