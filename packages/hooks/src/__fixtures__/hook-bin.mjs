#!/usr/bin/env node
// What a host runs in the real-host tests: this package's built `cli` entry, exactly as
// `argseal hook <host>` dispatches to it (the argseal CLI's own tests cover that dispatch).
import { runHookCommand } from '../../dist/cli.js';

const [target, flag, config] = process.argv.slice(2);
if (flag !== undefined && flag !== '--config') process.exit(2);
process.exitCode = await runHookCommand(target, config, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
