import { runDemo } from './demo.js';
import { filesystemServerEntry } from './filesystem-server.js';

const entry = filesystemServerEntry();
if (!entry) {
  console.error(
    'server-filesystem not found: run `bash .ci/install-mcp.sh` (or set ARGSEAL_MCP_TOOLS)',
  );
  process.exitCode = 1;
} else {
  runDemo(entry).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
