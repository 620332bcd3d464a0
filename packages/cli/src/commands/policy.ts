import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AuditRecord } from '@argseal/core';
import { displaySafe, quote } from '../display.js';
import { CliUsageError } from '../errors.js';
import { EXIT_CODES } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { openAuditStorage } from './audit-storage.js';
import {
  loadPolicyCedar,
  type PolicyCedarModule,
  readJson,
  readText,
  schemaFrom,
} from './policy-files.js';
import { replayDecisions } from './policy-replay.js';
import { STORAGE_OPTIONS } from './storage-options.js';
import type { CliArgs, CliCommand } from './types.js';

const PAGE = 1000;

/** A Cedar setup error as one line: `error: policy/<code> <message>`, exit status 1. */
function refused(error: unknown, io: CliIo, cedar: PolicyCedarModule): number {
  if (!cedar.CedarPolicyError.isInstance(error)) throw error;
  const where = error.policyId === undefined ? '' : ` (policy ${JSON.stringify(error.policyId)})`;
  io.stderr.write(
    `error: policy/${error.code} ${displaySafe(error.message.replace(/\s+/gu, ' '))}${where}\n`,
  );
  return EXIT_CODES.broken;
}

function policyFile(args: CliArgs, action: string): string {
  const file = args.positionals[1];
  if (file === undefined) {
    throw new CliUsageError('missing_argument', `"argseal policy ${action}" needs a policies file`);
  }
  return file;
}

async function schemaCommand(args: CliArgs, io: CliIo, cedar: PolicyCedarModule): Promise<number> {
  if (args.positionals.length > 1)
    throw new CliUsageError(
      'unexpected_argument',
      `${quote(args.positionals[1]!)} for "policy schema"`,
    );
  if (typeof args.values.tools !== 'string')
    throw new CliUsageError('missing_option', '"policy schema" needs --tools FILE');
  if (typeof args.values.schema === 'string')
    throw new CliUsageError('conflicting_options', '"policy schema" takes --tools, not --schema');
  const text = `${(await schemaFrom(args, io, cedar))!.trimEnd()}\n`;
  const out = args.values.out;
  if (typeof out === 'string') await writeFile(resolve(io.cwd ?? process.cwd(), out), text);
  else io.stdout.write(text);
  return EXIT_CODES.ok;
}

async function checkCommand(args: CliArgs, io: CliIo, cedar: PolicyCedarModule): Promise<number> {
  const policies = await readText(policyFile(args, 'check'), io);
  const schema = await schemaFrom(args, io, cedar);
  cedar.cedarPolicy({ policies, ...(schema === undefined ? {} : { schema }) });
  const count = cedar.cedarPolicyIds(policies).length;
  io.stdout.write(
    schema === undefined
      ? `ok: ${count} policies parse (no schema: give --schema or --tools to validate)\n`
      : `ok: ${count} policies validate against the schema\n`,
  );
  return EXIT_CODES.ok;
}

async function auditRecords(args: CliArgs, io: CliIo): Promise<AuditRecord[]> {
  const file = args.values.audit;
  if (typeof file === 'string') {
    if (args.values['data-dir'] !== undefined || args.values['database-url'] !== undefined) {
      throw new CliUsageError(
        'conflicting_options',
        'give --audit FILE or the console storage, not both',
      );
    }
    const lines = (await readText(file, io)).split('\n').filter((l) => l.trim() !== '');
    return lines.map((line, i) => {
      try {
        return JSON.parse(line) as AuditRecord;
      } catch {
        throw new CliUsageError('invalid_json_file', `${quote(file)} line ${i + 1} is not JSON`);
      }
    });
  }
  const opened = await openAuditStorage(args, io.cwd ?? process.cwd());
  try {
    const records: AuditRecord[] = [];
    for (let from = 0; ; from += PAGE) {
      const page = await opened.audit.records({ fromSeq: from, limit: PAGE });
      records.push(...page);
      if (page.length < PAGE) return records;
    }
  } finally {
    await opened.close();
  }
}

async function testCommand(args: CliArgs, io: CliIo, cedar: PolicyCedarModule): Promise<number> {
  const policies = await readText(policyFile(args, 'test'), io);
  const schema = await schemaFrom(args, io, cedar);
  const context =
    typeof args.values.context === 'string' ? await readJson(args.values.context, io) : {};
  const policy = cedar.cedarPolicy({
    policies,
    ...(schema === undefined ? {} : { schema }),
    context: () => context as never,
  });
  const { replayed, changed } = await replayDecisions(await auditRecords(args, io), policy);
  for (const c of changed) {
    io.stdout.write(
      `record ${c.seq} ${quote(c.agent)} ${quote(c.tool)}: ${c.before} -> ${c.after}${c.reason ? ` (${displaySafe(c.reason)})` : ''}\n`,
    );
  }
  const counts = new Map<string, number>();
  for (const c of changed)
    counts.set(`${c.before} -> ${c.after}`, (counts.get(`${c.before} -> ${c.after}`) ?? 0) + 1);
  const detail = [...counts].map(([k, n]) => `${k}: ${n}`).join(', ');
  io.stdout.write(
    `replayed ${replayed} decisions: ${changed.length} would change${detail ? ` (${detail})` : ''}\n`,
  );
  return changed.length > 0 && args.values['fail-on-change'] === true
    ? EXIT_CODES.broken
    : EXIT_CODES.ok;
}

/**
 * `argseal policy schema|check|test`: tools for the people who write Cedar policies
 * (`@argseal/policy-cedar`, installed beside the CLI).
 */
export const policyCommand: CliCommand = {
  name: 'policy',
  synopsis:
    'policy schema --tools FILE | check POLICIES.cedar | test POLICIES.cedar [--schema FILE|--tools FILE] [--audit FILE]',
  summary: 'Cedar policies: generate a schema from tools, validate policies, replay the audit log',
  description: [
    '"policy schema --tools FILE" prints a Cedar schema for the tools in FILE (a JSON list of',
    '{ name, inputSchema }, or an MCP tools/list result): one action per tool, its context',
    '{ args: <the input schema>, server: <--server FILE, a JSON Schema, or {}> }.',
    '"policy check POLICIES.cedar" parses the policies and validates them against --schema FILE',
    '(Cedar schema text) or the schema generated from --tools FILE: exit 0, or 1 with one line',
    '"error: policy/<code> <Cedar\'s message> (policy "<id>")".',
    '"policy test POLICIES.cedar" replays the recorded decisions of the audit log (--audit FILE,',
    'a JSONL export of "argseal audit export", or the console storage: --data-dir/--database-url)',
    'against the policies and prints each decision that would change (allow -> require_approval,',
    '...); --context FILE is the server context the replay passes. --fail-on-change exits 1 when',
    'any would. Needs @argseal/policy-cedar installed beside argseal.',
  ].join('\n'),
  options: {
    tools: { type: 'string', valueName: 'FILE', description: "the tools' JSON Schemas" },
    schema: { type: 'string', valueName: 'FILE', description: 'a Cedar schema (text)' },
    server: {
      type: 'string',
      valueName: 'FILE',
      description: 'schema: JSON Schema of the server context',
    },
    out: {
      type: 'string',
      valueName: 'FILE',
      description: 'schema: write it here (default stdout)',
    },
    audit: { type: 'string', valueName: 'FILE', description: 'test: audit records as JSONL' },
    context: {
      type: 'string',
      valueName: 'FILE',
      description: 'test: server context (JSON record)',
    },
    'fail-on-change': { type: 'boolean', description: 'test: exit 1 when a decision would change' },
    ...STORAGE_OPTIONS,
  },
  maxPositionals: 2,
  async run(args, io) {
    const action = args.positionals[0];
    if (action !== 'schema' && action !== 'check' && action !== 'test') {
      throw new CliUsageError(
        'missing_action',
        'use "argseal policy schema", "policy check" or "policy test"',
      );
    }
    const cedar = await loadPolicyCedar();
    try {
      if (action === 'schema') return await schemaCommand(args, io, cedar);
      if (action === 'check') return await checkCommand(args, io, cedar);
      return await testCommand(args, io, cedar);
    } catch (error) {
      return refused(error, io, cedar);
    }
  },
};
