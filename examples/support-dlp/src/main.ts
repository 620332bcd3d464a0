import { runDemo } from './demo.js';

runDemo().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
