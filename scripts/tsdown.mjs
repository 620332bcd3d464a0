// `pnpm build` of one package (its `build` script, run in the package's directory): tsdown's
// API with the package's tsdown.config.ts, the same build as the `tsdown` command. The command
// itself warns on every run that Node.js 20 is deprecated (tsdown 0.21 on Node < 22.18): these
// packages support Node 20 and CI builds on it, and tsdown is pinned, so that notice is noise
// that reads like an error in every build log. Rolldown's PLUGIN_TIMINGS hint is off too: it
// fires whenever the machine is busy (the .d.ts generation is slow then), says nothing about
// the packages, and read like a warning in every CI log.
import { build } from 'tsdown';

try {
  await build({ checks: { pluginTimings: false } });
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
