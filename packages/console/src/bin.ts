#!/usr/bin/env node
import { runConsoleCli } from './cli/run-console-cli.js';

const { code } = await runConsoleCli(process.argv.slice(2));
process.exitCode = code;
