import type { AuditEvent, AuditSink } from '../../audit/types.js';
import type { ToolArgumentsValidationError } from '../../errors.js';
import { type ProposedWrite, pipelines, proposedWrite } from '../audit-writes.js';
import type { PreparedData } from '../prepared-data.js';

/** The records of a prepared call: `proposed`, after `rewritten` when a hook changed it. */
function proposedEvents(call: PreparedData): AuditEvent[] {
  const base = {
    agent: call.agent,
    tool: call.tool.name,
    toolCallId: call.toolCallId,
    proposalHash: call.proposalHash,
    argsCanonicalJson: call.argsCanonicalJson,
    // loudly marked: this attempt's raw text was not the provider's own argument string
    ...(call.provenance !== 'provider_text' ? { data: { provenance: call.provenance } } : {}),
  };
  const original =
    call.originalArguments !== undefined ? { originalArguments: call.originalArguments } : {};
  const proposed: AuditEvent[] = [{ type: 'proposed', ...base, ...original }];
  if (call.rewritten) proposed.unshift({ type: 'rewritten', ...base, ...original });
  return proposed;
}

async function appendEach(audit: AuditSink, events: readonly AuditEvent[]): Promise<undefined> {
  for (const event of events) await audit.append(event);
  return undefined;
}

/**
 * Stage `record`: the prepared call's records (original arguments unless a hook omitted
 * them; the provenance when the raw text was not the provider's own argument string). On
 * a pipelining sink they are not awaited: the returned `ProposedWrite` carries them to
 * authorization, which never makes `decided` durable before them. Any other sink is
 * awaited record by record (the promise); without a sink, nothing.
 */
export function recordProposed(
  audit: AuditSink | undefined,
  call: PreparedData,
): ProposedWrite | undefined | Promise<undefined> {
  if (audit === undefined) return undefined;
  const events = proposedEvents(call);
  return pipelines(audit) ? proposedWrite(audit, events) : appendEach(audit, events);
}

/** Stage `record` of a refused call: one `invalid` record (stage, code, path; no payload). */
export async function recordInvalid(
  audit: AuditSink | undefined,
  call: { agent: string; tool: string; toolCallId: string },
  error: ToolArgumentsValidationError,
): Promise<void> {
  await audit?.append({
    type: 'invalid',
    ...call,
    error: { stage: error.stage, code: error.code, path: error.path },
  });
}
