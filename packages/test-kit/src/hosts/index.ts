export { writeCodexHome } from './codex-home.js';
export {
  type RealHost,
  type RealHostRun,
  type RealHostRunOptions,
  runRealHost,
} from './run-host.js';
export { type CollectedRun, spawnAndCollect } from './spawn-collect.js';
