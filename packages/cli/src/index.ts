export type {
  CliErrorCode,
  CliInputErrorCode,
  CliUsageErrorCode,
  OptionalCommand,
} from './errors.js';
export { EXIT_CODES, type ExitCode } from './exit-codes.js';
export type { CliIo } from './io.js';
export { runCli } from './run-cli.js';
export { VERSION } from './version.js';
