import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../__fixtures__/until.js';
import { StdioUpstreamTransport } from './stdio-upstream-transport.js';

// A child that writes hostile lines, then one message in two pieces, then echoes what it
// reads with its environment's SECRET (the SDK's safe default set must not carry it).
const CHILD = `
process.stdout.write('not json\\n[1,2]\\n{"jsonrpc":"1.0","id":1}\\n');
process.stdout.write('{"jsonrpc":"2.0","method":"notifications/hel');
setTimeout(() => process.stdout.write('lo"}\\n'), 20);
let buf = '';
process.stdin.on('data', (c) => {
  buf += c;
  const i = buf.indexOf('\\n');
  if (i < 0) return;
  const m = JSON.parse(buf.slice(0, i));
  buf = buf.slice(i + 1);
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { secret: process.env.SECRET ?? null, extra: process.env.EXTRA } }) + '\\n');
});
`;

describe('StdioUpstreamTransport', () => {
  let transport: StdioUpstreamTransport | undefined;
  afterEach(async () => {
    await transport?.close();
  });

  it('drops lines that are not JSON-RPC objects (onerror), joins split lines, and passes only the safe environment plus env', async () => {
    process.env.SECRET = 'do-not-leak';
    transport = new StdioUpstreamTransport({
      command: process.execPath,
      args: ['-e', CHILD],
      env: { EXTRA: 'given' },
    });
    const messages: JSONRPCMessage[] = [];
    const errors: string[] = [];
    transport.onmessage = (m) => messages.push(m);
    transport.onerror = (e) => errors.push(e.message);
    await transport.start();
    delete process.env.SECRET;
    await until(() => messages.length === 1);
    expect(messages[0]).toEqual({ jsonrpc: '2.0', method: 'notifications/hello' });
    expect(errors).toHaveLength(3);
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
    await until(() => messages.length === 2);
    expect(messages[1]).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { secret: null, extra: 'given' },
    });
  });

  it('close ends the child; send after close is refused', async () => {
    transport = new StdioUpstreamTransport({ command: process.execPath, args: ['-e', CHILD] });
    let closed = 0;
    transport.onclose = () => {
      closed += 1;
    };
    await transport.start();
    await transport.close();
    expect(closed).toBe(1);
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toThrow(
      'Not connected',
    );
  });

  it('a command that does not exist rejects start', async () => {
    transport = new StdioUpstreamTransport({ command: '/nonexistent/argseal-upstream' });
    transport.onerror = () => undefined;
    await expect(transport.start()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
