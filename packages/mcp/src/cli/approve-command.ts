import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import type { StoredProposal } from '@argseal/core';
import type { McpProxyConfig } from '../config/config-types.js';
import { type McpStores, openMcpStores } from '../config/open-stores.js';
import { McpSealError } from '../errors.js';
import type { ToolDefinitionRecord } from '../pins/types.js';
import { describeReason } from '../seal/reason-messages.js';
import { MCP_CLI_EXIT, reportCliFailure, usageFailure } from './cli-failure.js';
import type { McpCliIo } from './cli-io.js';
import { showArguments } from './show-arguments.js';

/** Options of `argseal mcp approve` (also `argseal approve --mcp`). */
export interface ApproveValues {
  approver?: string;
  note?: string;
  reject?: boolean;
  server?: string;
  'all-definitions'?: boolean;
}

/** How `argseal approve --mcp` is spelled in hints. */
const APPROVE = 'argseal approve --mcp';

function proposalBlock(p: StoredProposal): string {
  const reason = describeReason(p.reason);
  return [
    `call ${p.id}  ${p.tool}  (${p.status})`,
    `  why: ${reason ?? p.reason}${reason ? ` [${p.reason}]` : ''}`,
    showArguments(p.argsCanonicalJson),
    `  approve: ${APPROVE} ${p.id}`,
  ].join('\n');
}

function definitionBlock(r: ToolDefinitionRecord): string {
  let description = '';
  try {
    const d = JSON.parse(r.definitionJson) as { description?: unknown };
    if (typeof d.description === 'string') description = d.description;
  } catch {}
  const changed = r.previousHash ? 'changed definition' : 'new tool';
  return [
    `definition ${r.id}  ${r.server}/${r.tool}  (${changed}, hash ${r.definitionHash.slice(0, 16)}…)`,
    showArguments(JSON.stringify({ description })),
  ].join('\n');
}

/** Everything waiting for an approver in the proxy's store, with the commands that decide it. */
async function listPending(stores: McpStores, agent: string, io: McpCliIo): Promise<number> {
  const calls = (await stores.approvals.listProposals({ status: 'pending', limit: 50 })).filter(
    (p) => p.agent === agent,
  );
  const definitions = await stores.pins.list({ status: 'pending', agent });
  if (calls.length === 0 && definitions.length === 0) {
    io.stdout('nothing waits for approval\n');
    return MCP_CLI_EXIT.ok;
  }
  for (const p of calls) io.stdout(`${proposalBlock(p)}\n\n`);
  const servers = [...new Set(definitions.map((d) => d.server))];
  for (const server of servers) {
    const of = definitions.filter((d) => d.server === server);
    io.stdout(`server "${server}": ${of.length} tool definition(s) wait for approval\n`);
    for (const r of of) io.stdout(`${definitionBlock(r)}\n`);
    io.stdout(
      `  approve one: ${APPROVE} <definition id>; all of them, after reading them above: ` +
        `${APPROVE} --server ${server} --all-definitions\n\n`,
    );
  }
  return MCP_CLI_EXIT.ok;
}

/**
 * Decides a pending call proposal, re-opens and approves again a call whose grant was spent
 * or expired (one action: a fresh proposal for the same hash, approved), or decides a pending
 * tool definition.
 */
async function decideOne(
  stores: McpStores,
  agent: string,
  id: string,
  values: ApproveValues,
  io: McpCliIo,
): Promise<number> {
  const decision = values.reject ? 'reject' : 'approve';
  const approver = values.approver ?? userInfo().username;
  const note = values.note !== undefined ? { note: values.note } : {};
  const proposal = await stores.approvals.getProposal(id);
  if (proposal && proposal.agent === agent) {
    let target = proposal;
    if (
      decision === 'approve' &&
      (proposal.status === 'consumed' || proposal.status === 'expired')
    ) {
      const {
        status: _s,
        approvals: _a,
        decidedBy: _b,
        decidedAt: _d,
        note: _n,
        ...copy
      } = proposal;
      target = await stores.approvals.suspend({
        ...copy,
        id: randomUUID(),
        createdAt: new Date().toISOString(),
      });
      io.stdout(`re-opened ${proposal.id} (${proposal.status}) as ${target.id}\n`);
    }
    const grant = await stores.approvals.decide(target.proposalHash, {
      decision,
      approver,
      proposalId: target.id,
      ...note,
    });
    io.stdout(
      `${grant.decision === 'approve' ? 'approved' : 'rejected'} call ${target.id}  ${target.tool}` +
        `${grant.decision === 'approve' ? `: the identical retry runs ${grant.usesLeft} time(s)` : ''}\n`,
    );
    return MCP_CLI_EXIT.ok;
  }
  const pin = await stores.pins.get(id);
  if (!pin || pin.agent !== agent)
    throw new McpSealError('pin_not_found', 'no call proposal or tool definition has this ID');
  const decided = await stores.pins.decide(id, { decision, approver, ...note });
  io.stdout(`${decided.status} definition ${decided.id}  ${decided.server}/${decided.tool}\n`);
  return MCP_CLI_EXIT.ok;
}

async function approveServer(
  stores: McpStores,
  agent: string,
  server: string,
  values: ApproveValues,
  io: McpCliIo,
): Promise<number> {
  const pending = await stores.pins.list({ status: 'pending', agent, server });
  if (pending.length === 0) {
    io.stdout(`no tool definition of server "${server}" waits for approval\n`);
    return MCP_CLI_EXIT.ok;
  }
  const approver = values.approver ?? userInfo().username;
  for (const r of pending) {
    io.stdout(`${definitionBlock(r)}\n`);
    const decided = await stores.pins.decide(r.id, {
      decision: values.reject ? 'reject' : 'approve',
      approver,
      ...(values.note !== undefined ? { note: values.note } : {}),
    });
    io.stdout(`  -> ${decided.status}\n`);
  }
  return MCP_CLI_EXIT.ok;
}

/**
 * `argseal mcp approve [ID] [--reject] [--approver NAME] [--note TEXT]`, `--server NAME
 * --all-definitions`, or without ID the list of everything pending (calls with their
 * arguments shown as text and their policy reason as a sentence, definitions by server).
 */
export async function runApproveCommand(
  args: readonly string[],
  values: ApproveValues,
  config: McpProxyConfig,
  storeOptions: Parameters<typeof openMcpStores>[0],
  io: McpCliIo,
): Promise<number> {
  const [id, extra] = args;
  if (extra !== undefined) return usageFailure(io, 'unexpected_argument', '"approve" takes one ID');
  if (values['all-definitions'] && (id !== undefined || !values.server))
    return usageFailure(io, 'missing_option', '--all-definitions needs --server NAME and no ID');
  if (values.server && !values['all-definitions'])
    return usageFailure(io, 'missing_option', '--server needs --all-definitions');
  const stores = await openMcpStores(storeOptions);
  try {
    const agent = config.agent ?? 'mcp';
    if (values.server) return await approveServer(stores, agent, values.server, values, io);
    if (id === undefined) return await listPending(stores, agent, io);
    return await decideOne(stores, agent, id, values, io);
  } catch (error) {
    return reportCliFailure(error, io);
  } finally {
    await stores.close();
  }
}
