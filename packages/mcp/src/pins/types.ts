/**
 * Lifecycle of one observed tool definition: `pending` until an approver decides,
 * `approved` while it is the pin of its tool, `superseded` once a newer definition was
 * approved, `rejected` when an approver refused it.
 */
export type PinStatus = 'pending' | 'approved' | 'rejected' | 'superseded';

/** Which tool a definition belongs to. */
export interface ToolKey {
  agent: string;
  server: string;
  tool: string;
}

/** One observed definition of one tool, as a pin store keeps it. */
export interface ToolDefinitionRecord extends ToolKey {
  id: string;
  definitionHash: string;
  /** JCS text of the pinned fields (see `digestDefinition`). */
  definitionJson: string;
  status: PinStatus;
  /** The approved pin of this tool when this definition was observed (for the diff). */
  previousHash?: string;
  /** ISO-8601. */
  observedAt: string;
  decidedBy?: string;
  decidedAt?: string;
  note?: string;
}

/** What {@link ToolPinStore.observe} returns: this definition's record and the tool's pin. */
export interface ObserveResult {
  record: ToolDefinitionRecord;
  /** The approved definition of the tool, when one exists (may be `record` itself). */
  pinned: ToolDefinitionRecord | undefined;
  /** True when this call created or re-opened the record (a new or changed definition). */
  changed: boolean;
}

/** An approver's decision on a pending definition. */
export interface PinDecisionInput {
  decision: 'approve' | 'reject';
  approver: string;
  note?: string;
}

/** Filter of {@link ToolPinStore.list}; newest first. */
export interface ListPinsFilter {
  status?: PinStatus | 'all';
  agent?: string;
  server?: string;
  limit?: number;
}

/**
 * Where tool-definition pins live: memory (`createMemoryPinStore`) or SQL
 * (`createSqlToolPinStore` from `@argseal/postgres`). Contract:
 * - at most one `approved` record per tool (the pin); approving another supersedes it;
 * - `observe` of a known (tool, hash) returns its record; of a new hash, or of a hash
 *   whose record was superseded, a `pending` record (`changed: true`);
 * - `decide` decides a `pending` record exactly once (`pin_not_pending` otherwise).
 */
export interface ToolPinStore {
  observe(
    key: ToolKey,
    definition: { definitionHash: string; definitionJson: string },
  ): Promise<ObserveResult>;
  decide(id: string, input: PinDecisionInput): Promise<ToolDefinitionRecord>;
  get(id: string): Promise<ToolDefinitionRecord | undefined>;
  list(filter?: ListPinsFilter): Promise<ToolDefinitionRecord[]>;
}
