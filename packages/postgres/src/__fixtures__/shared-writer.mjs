// A process sharing an embedded directory with others (uses the built package).
// Usage: node shared-writer.mjs <json {dir, writer, count, gapMs}>: appends `count` audit
// records and suspends one proposal each, with a pause between, then prints "done".
import {
  createSqlApprovalStore,
  createSqlAuditLog,
  openSharedEmbeddedDatabase,
} from '@argseal/postgres';

const { dir, writer, count, gapMs } = JSON.parse(process.argv[2]);
const db = await openSharedEmbeddedDatabase(dir, { lockTimeoutMs: 60_000 });
const audit = createSqlAuditLog(db);
const store = createSqlApprovalStore(db, { audit });
const letter = writer === 'a' ? 'a' : 'b';
for (let i = 0; i < count; i++) {
  const hash = letter.repeat(56) + i.toString(16).padStart(8, '0');
  await audit.append({ type: 'executed', agent: writer, tool: 't', data: { i } });
  await store.suspend({
    id: `${writer}-${i}`,
    agent: writer,
    tool: 't',
    toolCallId: `${writer}-${i}`,
    argsCanonicalJson: `{"i":${i}}`,
    proposalHash: hash,
    bindingHash: hash,
    parsedArguments: { i },
    reason: 'test',
    createdAt: new Date().toISOString(),
  });
  await new Promise((r) => setTimeout(r, gapMs));
}
await db.close();
process.stdout.write('done\n');
