import { ArgsealError } from '@argseal/core';
import { runConsoleDemo } from './console-demo.js';
import { parseConsoleMode, USAGE } from './console-options.js';
import { runDemo } from './demo.js';

async function main(): Promise<void> {
  let consoleMode: ReturnType<typeof parseConsoleMode>;
  try {
    consoleMode = parseConsoleMode(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (consoleMode === undefined) {
    await runDemo();
    return;
  }
  const summary = await runConsoleDemo(consoleMode);
  // A rejection is a valid ending (nothing ran); waiting in vain is not.
  if (summary.outcome === 'timeout' || summary.outcome === 'not_executed') process.exitCode = 1;
}

main().catch((error: unknown) => {
  // Console refusals (wrong token, console down) carry a stable code: print it, not a stack.
  if (ArgsealError.isInstance(error)) console.error(`argseal ${error.code}: ${error.message}`);
  else console.error(error);
  process.exitCode = 1;
});
