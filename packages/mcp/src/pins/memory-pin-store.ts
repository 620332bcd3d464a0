import type { AuditSink } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import { assertToolDefinitionDigest, toolPinAuditEvent } from '@argseal/postgres';
import { McpSealError } from '../errors.js';
import type {
  ListPinsFilter,
  ObserveResult,
  PinDecisionInput,
  ToolDefinitionRecord,
  ToolKey,
  ToolPinStore,
} from './types.js';
import { assertObservation, assertPinDecision } from './validate.js';

/** Options of {@link createMemoryPinStore}. */
export interface PinStoreOptions {
  /** Receives `tool_definition_approved` / `tool_definition_rejected` on decisions. */
  audit?: AuditSink;
  now?: () => Date;
  generateId?: () => string;
}

const keyOf = (k: ToolKey) => JSON.stringify([k.agent, k.server, k.tool]);

/** An in-process {@link ToolPinStore} (tests, single runs). Returns copies. */
export function createMemoryPinStore(options: PinStoreOptions = {}): ToolPinStore {
  assertKnownOptions('createMemoryPinStore', options, ['audit', 'now', 'generateId']);
  const now = options.now ?? (() => new Date());
  const newId = options.generateId ?? (() => crypto.randomUUID());
  const records: ToolDefinitionRecord[] = [];
  const copy = (r: ToolDefinitionRecord | undefined) => (r ? { ...r } : undefined);
  const pinOf = (key: string) => records.find((r) => keyOf(r) === key && r.status === 'approved');

  return {
    async observe(key, definition): Promise<ObserveResult> {
      assertObservation(key, definition);
      const { name } = await assertToolDefinitionDigest(definition);
      if (name !== key.tool)
        throw new McpSealError('invalid_pin_definition', 'the definition names another tool');
      const k = keyOf(key);
      const pinned = pinOf(k);
      const existing = records.find(
        (r) => keyOf(r) === k && r.definitionHash === definition.definitionHash,
      );
      if (existing && existing.status !== 'superseded') {
        return { record: { ...existing }, pinned: copy(pinned), changed: false };
      }
      const record: ToolDefinitionRecord = existing ?? {
        id: newId(),
        agent: key.agent,
        server: key.server,
        tool: key.tool,
        ...definition,
        status: 'pending',
        observedAt: now().toISOString(),
      };
      record.status = 'pending';
      record.observedAt = now().toISOString();
      delete record.decidedBy;
      delete record.decidedAt;
      delete record.note;
      if (pinned) record.previousHash = pinned.definitionHash;
      else delete record.previousHash;
      if (!existing) records.push(record);
      return { record: { ...record }, pinned: copy(pinned), changed: true };
    },
    async decide(id, input: PinDecisionInput) {
      assertPinDecision(input);
      const record = records.find((r) => r.id === id);
      if (!record) throw new McpSealError('pin_not_found', 'no tool definition with this id');
      if (record.status !== 'pending') {
        throw new McpSealError('pin_not_pending', 'the tool definition is not pending');
      }
      if (input.decision === 'approve') {
        const old = pinOf(keyOf(record));
        if (old) old.status = 'superseded';
      }
      record.status = input.decision === 'approve' ? 'approved' : 'rejected';
      record.decidedBy = input.approver;
      record.decidedAt = now().toISOString();
      if (input.note !== undefined) record.note = input.note;
      await options.audit?.append(toolPinAuditEvent(record));
      return { ...record };
    },
    async get(id) {
      return copy(records.find((r) => r.id === id));
    },
    async list(filter: ListPinsFilter = {}) {
      const status = filter.status ?? 'all';
      const out = records
        .filter((r) => status === 'all' || r.status === status)
        .filter((r) => filter.agent === undefined || r.agent === filter.agent)
        .filter((r) => filter.server === undefined || r.server === filter.server)
        .reverse();
      return out.slice(0, filter.limit ?? out.length).map((r) => ({ ...r }));
    },
  };
}
