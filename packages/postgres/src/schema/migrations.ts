/** One forward-only schema step. Published migrations are never edited, only appended. */
export interface Migration {
  version: number;
  name: string;
  statements: readonly string[];
}

export const MIGRATIONS_TABLE = 'argseal_schema_migrations';

/**
 * Every schema step in version order (tables `argseal_proposals`, `argseal_grants`,
 * `argseal_audit`, `argseal_audit_head`, `argseal_proposal_calls`; version 3 adds
 * `argseal_tool_definitions`, the MCP tool-definition pins of `@argseal/mcp`; version 5 adds
 * `argseal_audit_streams` and `argseal_audit_stream_records`, the audit streams;
 * version 6 the `presentation`, `approvals`, `requester` and `votes` columns of `argseal_proposals`). {@link migrate}
 * applies the ones a database lacks;
 * exported so teams that run their own migration tool can copy the SQL.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'approvals_and_audit',
    statements: [
      `CREATE TABLE argseal_proposals (
        id text PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        proposal_hash text NOT NULL CHECK (proposal_hash ~ '^[0-9a-f]{64}$'),
        binding_hash text NOT NULL CHECK (binding_hash ~ '^[0-9a-f]{64}$'),
        agent text NOT NULL,
        tool text NOT NULL,
        tool_call_id text NOT NULL,
        args_canonical_json text NOT NULL,
        original_arguments text,
        reason text NOT NULL,
        created_at text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'consumed', 'expired')),
        decided_by text,
        decided_at timestamptz,
        note text,
        stored_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE UNIQUE INDEX argseal_proposals_one_pending
        ON argseal_proposals (proposal_hash) WHERE status = 'pending'`,
      'CREATE INDEX argseal_proposals_hash ON argseal_proposals (proposal_hash)',
      'CREATE INDEX argseal_proposals_status ON argseal_proposals (status, seq)',
      `CREATE TABLE argseal_grants (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        proposal_id text NOT NULL UNIQUE REFERENCES argseal_proposals (id),
        proposal_hash text NOT NULL,
        binding_hash text NOT NULL,
        decision text NOT NULL CHECK (decision IN ('approve', 'reject')),
        approver text NOT NULL,
        note text,
        granted_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        uses_left integer NOT NULL CHECK (uses_left >= 0),
        last_used_at timestamptz
      )`,
      'CREATE INDEX argseal_grants_binding ON argseal_grants (binding_hash, id)',
      `CREATE TABLE argseal_audit (
        seq bigint PRIMARY KEY,
        at text NOT NULL,
        prev_hash text NOT NULL,
        hash text NOT NULL UNIQUE,
        type text NOT NULL,
        proposal_hash text,
        body text NOT NULL
      )`,
      'CREATE INDEX argseal_audit_proposal ON argseal_audit (proposal_hash)',
      `CREATE TABLE argseal_audit_head (
        id integer PRIMARY KEY CHECK (id = 1),
        next_seq bigint NOT NULL,
        hash text NOT NULL
      )`,
      `INSERT INTO argseal_audit_head (id, next_seq, hash) VALUES (1, 0, repeat('0', 64))`,
    ],
  },
  {
    // 0.2: latestProposalForCall (one row per call and proposal, newest by seq) and edits.
    version: 2,
    name: 'proposal_calls_and_supersedes',
    statements: [
      'ALTER TABLE argseal_proposals ADD COLUMN supersedes text REFERENCES argseal_proposals (id)',
      'CREATE SEQUENCE argseal_proposal_calls_seq',
      `CREATE TABLE argseal_proposal_calls (
        agent text NOT NULL,
        tool text NOT NULL,
        tool_call_id text NOT NULL,
        proposal_id text NOT NULL REFERENCES argseal_proposals (id),
        seq bigint NOT NULL DEFAULT nextval('argseal_proposal_calls_seq'),
        PRIMARY KEY (agent, tool, tool_call_id, proposal_id)
      )`,
      `CREATE INDEX argseal_proposal_calls_latest
        ON argseal_proposal_calls (agent, tool, tool_call_id, seq DESC)`,
      // an 0.1 database: every stored proposal is the latest proposal of its own call
      `INSERT INTO argseal_proposal_calls (agent, tool, tool_call_id, proposal_id)
        SELECT agent, tool, tool_call_id, id FROM argseal_proposals ORDER BY seq`,
    ],
  },
  {
    // 0.3: MCP tool-definition pins (@argseal/mcp).
    version: 3,
    name: 'mcp_tool_definition_pins',
    statements: [
      `CREATE TABLE argseal_tool_definitions (
        id text PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        agent text NOT NULL,
        server text NOT NULL,
        tool text NOT NULL,
        definition_hash text NOT NULL CHECK (definition_hash ~ '^[0-9a-f]{64}$'),
        definition_json text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'superseded')),
        previous_hash text,
        observed_at timestamptz NOT NULL DEFAULT now(),
        decided_by text,
        decided_at timestamptz,
        note text,
        UNIQUE (agent, server, tool, definition_hash)
      )`,
      `CREATE UNIQUE INDEX argseal_tool_definitions_one_pin
        ON argseal_tool_definitions (agent, server, tool) WHERE status = 'approved'`,
      'CREATE INDEX argseal_tool_definitions_status ON argseal_tool_definitions (status, seq)',
    ],
  },
  {
    // 0.2: consume is bound to the agent inside its one atomic statement.
    version: 4,
    name: 'agent_bound_grants',
    statements: [
      'ALTER TABLE argseal_grants ADD COLUMN agent text',
      `UPDATE argseal_grants g SET agent = p.agent
        FROM argseal_proposals p WHERE p.id = g.proposal_id`,
      'ALTER TABLE argseal_grants ALTER COLUMN agent SET NOT NULL',
      'CREATE INDEX argseal_grants_binding_agent ON argseal_grants (binding_hash, agent, id)',
      'DROP INDEX argseal_grants_binding',
    ],
  },
  {
    // 0.3: audit streams (one chain per partition key, each with its own head row).
    version: 5,
    name: 'audit_streams',
    statements: [
      `CREATE TABLE argseal_audit_streams (
        stream text PRIMARY KEY,
        next_seq bigint NOT NULL,
        hash text NOT NULL
      )`,
      `CREATE TABLE argseal_audit_stream_records (
        stream text NOT NULL,
        seq bigint NOT NULL,
        at text NOT NULL,
        prev_hash text NOT NULL,
        hash text NOT NULL,
        type text NOT NULL,
        proposal_hash text,
        body text NOT NULL,
        PRIMARY KEY (stream, seq)
      )`,
      'CREATE INDEX argseal_audit_stream_records_proposal ON argseal_audit_stream_records (proposal_hash)',
    ],
  },
  {
    // 0.3: display metadata kept with the proposal; four eyes (the rule, the requester and
    // the approvals received, written only under the proposal's row lock).
    version: 6,
    name: 'presentation_and_four_eyes',
    statements: [
      'ALTER TABLE argseal_proposals ADD COLUMN presentation jsonb',
      'ALTER TABLE argseal_proposals ADD COLUMN approvals jsonb',
      'ALTER TABLE argseal_proposals ADD COLUMN requester text',
      'ALTER TABLE argseal_proposals ADD COLUMN votes jsonb',
    ],
  },
];

/** The schema version this build of `@argseal/postgres` writes and expects. */
export const SCHEMA_VERSION: number = MIGRATIONS[MIGRATIONS.length - 1]!.version;
