import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
const mode = process.argv[2];
const server = spawn(
  process.execPath,
  [fileURLToPath(new URL('./trivial-server.mjs', import.meta.url))],
  { stdio: ['pipe', 'pipe', 'ignore'] },
);
function lines(stream, on) {
  let buf = '';
  stream.on('data', (c) => {
    buf += c;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const l = buf.slice(0, i);
      buf = buf.slice(i + 1);
      on(l);
    }
  });
}
const out = (w, m) => {
  const s = JSON.stringify(m) + '\n';
  w.write(mode === 'buf' ? Buffer.from(s) : s);
};
lines(process.stdin, (l) => {
  const m = JSON.parse(l);
  if (mode === 'busy') {
    const t = performance.now();
    while (performance.now() - t < 0.1);
  }
  out(server.stdin, m);
});
lines(server.stdout, (l) => out(process.stdout, JSON.parse(l)));
process.stdin.on('end', () => process.exit(0));
