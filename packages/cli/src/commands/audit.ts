import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AuditSink, JsonValue } from '@argseal/core';
import { type AuditStreamSink, canonicalize, verifyAuditStreams } from '@argseal/core/store';
import { CliUsageError } from '../errors.js';
import { EXIT_CODES } from '../exit-codes.js';
import { formatHead, parseHead } from './audit-head.js';
import { openAuditStorage } from './audit-storage.js';
import { STORAGE_OPTIONS } from './storage-options.js';
import type { CliCommand } from './types.js';

const PAGE = 1000;

/** The sink as a streamed sink: one without streams has none. */
function streamed(audit: AuditSink): AuditStreamSink {
  const own = (audit as Partial<AuditStreamSink>).streams;
  return typeof own === 'function'
    ? (audit as AuditStreamSink)
    : Object.assign(Object.create(audit) as AuditSink, { streams: async () => [] });
}

/**
 * `argseal audit verify|export`: verifies the console's audit chain against its head row
 * (and an operator's recorded head) and prints the head, or writes the chain as JSONL.
 */
export const auditCommand: CliCommand = {
  name: 'audit',
  synopsis:
    'audit verify|export [--data-dir DIR] [--database-url URL] [--expect-head N:HASH] [--out FILE]',
  summary: "verify the console's audit chain and print its head, or export it as JSONL",
  description: [
    '"audit verify" checks every record of the hash chain and the head the store keeps apart',
    '(its head row), then prints "head N:HASH": record it elsewhere and pass it back with',
    '--expect-head N:HASH later, so a chain cut at its end or rewritten from some record on',
    'fails. Audit streams (one chain per agent or tenant) are verified too, each against its',
    'head row and against the checkpoints in the main chain; their heads are printed.',
    'Exit 0 when it verifies, 1 when it does not (one line on stderr, nothing on stdout).',
    '"audit export" writes one record per line (RFC 8785 JSON) to --out FILE or stdout: the',
    'main chain, then each stream.',
    'Storage: the embedded directory (--data-dir, default .argseal; stop the console first)',
    'or PostgreSQL (--database-url URL, or DATABASE_URL when no --data-dir is given).',
  ].join('\n'),
  options: {
    ...STORAGE_OPTIONS,
    'expect-head': {
      type: 'string',
      valueName: 'N:HASH',
      description: 'verify: a head recorded earlier',
    },
    out: {
      type: 'string',
      valueName: 'FILE',
      description: 'export: write JSONL here (default stdout)',
    },
  },
  maxPositionals: 1,
  async run(args, io) {
    const action = args.positionals[0];
    if (action !== 'verify' && action !== 'export') {
      throw new CliUsageError(
        'missing_action',
        'use "argseal audit verify" or "argseal audit export"',
      );
    }
    const expected = args.values['expect-head'];
    const expectedHead = typeof expected === 'string' ? parseHead(expected) : undefined;
    const opened = await openAuditStorage(args, io.cwd ?? process.cwd());
    try {
      const sink = streamed(opened.audit);
      if (action === 'verify') {
        const result = await verifyAuditStreams(sink, {
          ...(expectedHead ? { expectedHead } : {}),
        });
        if (!result.ok) {
          const where =
            result.stream === undefined ? '' : ` of stream ${JSON.stringify(result.stream)}`;
          io.stderr.write(`error: audit/${result.reason} at record ${result.index}${where}\n`);
          return EXIT_CODES.broken;
        }
        const { main, streams, checkpoints } = result;
        // records count from 0 (as in "at record N" errors and the console's # column): the
        // head of N records is record N − 1; "head N:HASH" stays the count --expect-head reads
        const range =
          main.length === 0
            ? ''
            : `, records 0–${main.length - 1}, head at record ${main.length - 1}`;
        io.stdout.write(`ok: ${main.length} records verify (${opened.description}${range})\n`);
        if (streams.length > 0) {
          const n = streams.reduce((sum, s) => sum + s.length, 0);
          io.stdout.write(
            `streams: ${streams.length} (${n} records) verify, bound by ${checkpoints} checkpoints\n`,
          );
          for (const s of streams)
            io.stdout.write(
              `stream ${JSON.stringify(s.stream)} ${formatHead({ length: s.length, hash: s.head })}\n`,
            );
        }
        io.stdout.write(`head ${formatHead({ length: main.length, hash: main.head })}\n`);
        return EXIT_CODES.ok;
      }
      // the main chain, then every stream's chain (records carry their `stream`)
      const lines: string[] = [];
      for (const stream of [undefined, ...(await sink.streams()).map((s) => s.stream)]) {
        for (let from = 0; ; from += PAGE) {
          const page = await sink.records({
            fromSeq: from,
            limit: PAGE,
            ...(stream === undefined ? {} : { stream }),
          });
          for (const record of page)
            lines.push(`${canonicalize(record as unknown as JsonValue)}\n`);
          if (page.length < PAGE) break;
        }
      }
      const out = args.values.out;
      if (typeof out === 'string')
        await writeFile(resolve(io.cwd ?? process.cwd(), out), lines.join(''));
      else for (const line of lines) io.stdout.write(line);
      return EXIT_CODES.ok;
    } finally {
      await opened.close();
    }
  },
};
