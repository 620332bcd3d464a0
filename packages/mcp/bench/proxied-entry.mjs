// The proxy over this process's stdio in front of trivial-server.mjs, with in-memory stores
// (argv[2] = "sql" opens embedded PGlite in a temp dir, as `argseal mcp` does by default).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMemoryAuditLog } from '@argseal/core';
import { createMcpProxy, openMcpStores, serveStdio } from '@argseal/mcp';

// the embedded store's folder (about 40 MB) and its lock file go when this process ends
const dataDir = process.argv[2] === 'sql' ? mkdtempSync(join(tmpdir(), 'argseal-mcp-bench-')) : '';
if (dataDir)
  process.on('exit', () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.lock`, { force: true });
  });
const opened = process.argv[2] === 'sql' ? await openMcpStores({ dataDir }) : undefined;
const stores = opened
  ? { approvals: opened.approvals, audit: opened.audit, pins: opened.pins }
  : process.argv[2] === 'no-audit'
    ? {}
    : { audit: createMemoryAuditLog() };
const proxy = createMcpProxy({
  ...stores,
  servers: [
    {
      name: 'trivial',
      config: {
        command: process.execPath,
        args: [fileURLToPath(new URL('./trivial-server.mjs', import.meta.url))],
        tools: { echo: 'allow' },
        pinning: 'trust-first-use',
      },
    },
  ],
});
await serveStdio(proxy);
