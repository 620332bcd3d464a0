// `pnpm build` of one package (its `build` script, run in the package's directory): tsdown's
// API with the package's tsdown.config.ts, the same build as the `tsdown` command. The command
// itself warns on every run that Node.js 20 is deprecated (tsdown 0.21 on Node < 22.18): these
// packages support Node 20 and CI builds on it, and tsdown is pinned, so that notice is noise
// that reads like an error in every build log.
import { build } from 'tsdown';

try {
  await build({});
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
