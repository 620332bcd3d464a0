import { join } from 'node:path';
import { createAuthorizer } from '@argseal/core';
import { createAgentsSeal } from '@argseal/openai-agents';
import { createSqlApprovalStore, createSqlAuditLog, openEmbeddedDatabase } from '@argseal/postgres';
import { ScriptedModel, type ScriptedOutput } from '@argseal/test-kit/models/openai-agents';
import { Agent, setTracingDisabled } from '@openai/agents';
import { ordersOf } from './backend.js';
import { type SupportContext, supportPolicy } from './policy.js';
import { createTools } from './tools.js';

setTracingDisabled(true);

const AGENT = 'support-bot';

/**
 * Everything one process needs: the durable approval store and audit log (embedded
 * PGlite in `dir/db`, shared by every process in turn), the sealed agent, and an
 * offline scripted model playing the given turns.
 */
export async function openWorld(dir: string, turns: ScriptedOutput[]) {
  const db = await openEmbeddedDatabase(join(dir, 'db'));
  const audit = createSqlAuditLog(db);
  const approvals = createSqlApprovalStore(db, { audit });
  const authorizer = createAuthorizer<SupportContext>({
    agent: AGENT,
    policy: supportPolicy,
    approvals,
    audit,
  });
  // The policy context comes from the server (here: the signed-in customer and the
  // orders the order service lists for them), not from the run context stored in the
  // RunState text, which a client can edit.
  const session: SupportContext = { customerId: 'C-42', customerOrderIds: ordersOf('C-42') };
  const seal = createAgentsSeal({ authorizer, context: () => session });
  const tools = createTools(dir);
  const agent = seal.agent(
    new Agent({
      name: AGENT,
      instructions: 'You are a support agent. Amounts are integer minor units.',
      model: new ScriptedModel(turns),
      tools: [tools.lookup_order],
    }),
    // argseal tools (defineTool) join the SDK tools here; every tool ends up sealed
    { tools: [tools.refund, tools.delete_customer] },
  );
  return { db, audit, approvals, seal, agent, close: () => db.close() };
}
