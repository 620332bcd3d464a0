// Runs a Node program whose HTTP server listens on all interfaces so that it binds
// 127.0.0.1 instead: node loopback-only.mjs <entry.js> [args...]. Tests talk to 127.0.0.1 only.
import net from 'node:net';
import { pathToFileURL } from 'node:url';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    const [port, ...rest] = args;
    const host = typeof rest[0] === 'string' ? rest.shift() : '127.0.0.1';
    return listen.call(
      this,
      Number(port),
      host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host,
      ...rest,
    );
  }
  if (args[0] && typeof args[0] === 'object' && !('fd' in args[0]) && !('path' in args[0])) {
    return listen.call(this, { ...args[0], host: '127.0.0.1' }, ...args.slice(1));
  }
  return listen.apply(this, args);
};
const [entry, ...rest] = process.argv.slice(2);
process.argv = [process.argv[0], entry, ...rest];
await import(pathToFileURL(entry).href);
