import type { ApprovalStore } from '../approvals/types.js';
import type { AuditSink } from '../audit/types.js';
import { ArgsealError } from '../errors.js';
import { endFailed, type Telemetry } from './telemetry.js';

/** Runs `fn` inside span `name`; a failure is recorded by its stable code only. */
async function traced<T>(
  t: Telemetry,
  name: string,
  attributes: Record<string, string>,
  fn: () => Promise<T>,
): Promise<T> {
  const span = t.tracer.startSpan(name, { attributes });
  try {
    const result = await fn();
    span.end();
    return result;
  } catch (error) {
    endFailed(span, ArgsealError.isInstance(error) ? error.code : 'store_error');
    throw error;
  }
}

/**
 * The approval store as the pipeline sees it: `suspend`, `consume`, `peek` and
 * `latestProposalForCall` each in a span `argseal.store.<method>` (the authorizer's public
 * `approvals` stays the store you passed). Only built when telemetry is configured.
 */
export function traceApprovals(store: ApprovalStore, t: Telemetry, agent: string): ApprovalStore {
  const attrs = (method: string, tool?: string): Record<string, string> => ({
    'argseal.stage': 'store',
    'argseal.store.method': method,
    'argseal.agent': agent,
    ...(tool !== undefined ? { 'argseal.tool': tool } : {}),
  });
  const traced_: ApprovalStore = Object.create(store);
  return Object.assign(traced_, {
    suspend: (proposal: Parameters<ApprovalStore['suspend']>[0]) =>
      traced(t, 'argseal.store.suspend', attrs('suspend', proposal.tool), () =>
        store.suspend(proposal),
      ),
    consume: (...args: Parameters<ApprovalStore['consume']>) =>
      traced(t, 'argseal.store.consume', attrs('consume'), () => store.consume(...args)),
    peek: (bindingHash: string) =>
      traced(t, 'argseal.store.peek', attrs('peek'), () => store.peek(bindingHash)),
    latestProposalForCall: (call: Parameters<ApprovalStore['latestProposalForCall']>[0]) =>
      traced(t, 'argseal.store.latest_proposal', attrs('latestProposalForCall', call.tool), () =>
        store.latestProposalForCall(call),
      ),
  });
}

/** The audit sink with each `append` in a span `argseal.audit.append` (event type only). */
export function traceAudit(sink: AuditSink, t: Telemetry): AuditSink {
  return {
    append: (event, options) =>
      traced(
        t,
        'argseal.audit.append',
        {
          'argseal.stage': 'store',
          'argseal.audit.event': event.type,
          ...(event.agent !== undefined ? { 'argseal.agent': event.agent } : {}),
          ...(event.tool !== undefined ? { 'argseal.tool': event.tool } : {}),
        },
        () => sink.append(event, options),
      ),
    records: (query) => sink.records(query),
    ...(sink.head ? { head: () => (sink as Required<AuditSink>).head() } : {}),
    // `traced` calls `append` synchronously, so the sink still sees the pipeline's order
    // and each append's own failure
    ...(sink.pipelining !== undefined ? { pipelining: sink.pipelining } : {}),
    ...(sink.durability !== undefined ? { durability: sink.durability } : {}),
  };
}
