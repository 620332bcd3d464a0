import { runDemo } from './demo.js';
import { filesystemServerEntry } from './filesystem-server.js';

runDemo(filesystemServerEntry()).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
