import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conformance, failed, passed, startEverythingHttp } from './__fixtures__/conformance.js';
import { conformanceTools, serverCommand } from './__fixtures__/mcp-tools.js';
import { createMcpProxy } from './relay/proxy.js';
import { serveHttp } from './serve/serve-http.js';

const tools = conformanceTools();

describe.skipIf(!tools)(
  'MCP conformance suite: server-everything direct vs through the proxy',
  () => {
    const closers: (() => unknown)[] = [];
    afterAll(async () => {
      for (const close of closers) await close();
    });

    it('the proxied run passes every check the direct run passes', {
      timeout: 240_000,
    }, async () => {
      const conformanceCli = tools as NonNullable<typeof tools>;
      const direct = await startEverythingHttp();
      closers.push(direct.close);
      const proxy = createMcpProxy({
        servers: [
          {
            name: 'everything',
            config: {
              ...serverCommand('server-everything'),
              policy: 'allow',
              pinning: 'trust-first-use',
            },
          },
        ],
      });
      const proxied = await serveHttp(proxy);
      closers.push(proxied.close);
      const out = mkdtempSync(join(tmpdir(), 'argseal-conformance-'));
      const [a, b] = await Promise.all([
        conformance(conformanceCli, direct.url, join(out, 'direct')),
        conformance(conformanceCli, proxied.url, join(out, 'proxied')),
      ]);
      console.info(
        `[conformance] direct ${passed(a)} passed / ${failed(a)} failed; proxied ${passed(b)} passed / ${failed(b)} failed`,
      );
      expect(a.size).toBeGreaterThan(20);
      const regressions = [...a]
        .filter(([id, s]) => s === 'SUCCESS' && b.get(id) !== 'SUCCESS')
        .map(([id]) => id);
      expect(regressions).toEqual([]);
      expect(passed(b)).toBeGreaterThanOrEqual(passed(a));
    });
  },
);
