import type { Row } from '../sql/db.js';

/** Status of one observed MCP tool definition (see `createSqlToolPinStore`). */
export type ToolPinStatus = 'pending' | 'approved' | 'rejected' | 'superseded';

/** One row of `argseal_tool_definitions`, as `@argseal/mcp`'s `ToolDefinitionRecord`. */
export interface ToolPinRecord {
  id: string;
  agent: string;
  server: string;
  tool: string;
  definitionHash: string;
  definitionJson: string;
  status: ToolPinStatus;
  previousHash?: string;
  observedAt: string;
  decidedBy?: string;
  decidedAt?: string;
  note?: string;
}

export const PIN_COLUMNS = `id, agent, server, tool, definition_hash, definition_json, status,
  previous_hash, observed_at, decided_by, decided_at, note`;

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

export function toPinRecord(row: Row): ToolPinRecord {
  const record: ToolPinRecord = {
    id: String(row.id),
    agent: String(row.agent),
    server: String(row.server),
    tool: String(row.tool),
    definitionHash: String(row.definition_hash),
    definitionJson: String(row.definition_json),
    status: String(row.status) as ToolPinStatus,
    observedAt: iso(row.observed_at),
  };
  if (row.previous_hash != null) record.previousHash = String(row.previous_hash);
  if (row.decided_by != null) record.decidedBy = String(row.decided_by);
  if (row.decided_at != null) record.decidedAt = iso(row.decided_at);
  if (row.note != null) record.note = String(row.note);
  return record;
}
