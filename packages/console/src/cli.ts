// `@argseal/console/cli`: the `argseal console` command line (argv parser, usage text,
// `--init`) and where it reads tokens from (environment, config file). An application
// starts the console with `startConsole` from the package root instead.
export {
  CONSOLE_USAGE,
  type ConsoleCliIo,
  runConsoleCli,
} from './cli/run-console-cli.js';
export {
  DEFAULT_CONFIG_FILE,
  type InitializedTokens,
  initConsoleTokens,
} from './init-tokens.js';
export {
  ENV_AGENT_TOKENS,
  ENV_APPROVER_TOKENS,
  ENV_CONFIG_FILE,
  readTokenConfig,
  resolveConsoleTokens,
} from './token-config.js';
