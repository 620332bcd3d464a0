/// <reference types="node" />
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CASES } from './cases.js';
import type { SuiteWiring } from './driver.js';

export const WIRINGS: readonly SuiteWiring[] = ['unsealed', 'sealed', 'sealed+guard'];

export interface TableRow {
  adapter: string;
  provider: string;
  api: string;
  mode: string;
  case: string;
  wiring: SuiteWiring;
  cell: string;
  /** `pass`/`fail` for sealed wirings (`known`: on the known-failure list), `-` unsealed. */
  verdict: 'pass' | 'fail' | 'known' | '-';
  /** The failed assertions of a sealed wiring. */
  failures: readonly string[];
}

const caseIndex = (name: string) => CASES.findIndex((c) => c.name === name);
const MARK = { pass: '', fail: ' **FAIL**', known: ' **known failure**', '-': '' } as const;

/** Markdown: one line per adapter x provider x API x mode x case, one column per wiring. */
export function renderTable(rows: readonly TableRow[]): string {
  const lines = new Map<
    string,
    { key: string[]; order: (string | number)[]; cells: Map<string, string> }
  >();
  for (const r of rows) {
    const id = [r.adapter, r.provider, r.api, r.mode, r.case].join('|');
    const line = lines.get(id) ?? {
      key: [r.adapter, `\`${r.provider}\``, r.api, r.mode, r.case],
      order: [r.adapter, r.provider, r.api, r.mode, caseIndex(r.case)],
      cells: new Map(),
    };
    line.cells.set(r.wiring, `${r.cell}${MARK[r.verdict]}`);
    lines.set(id, line);
  }
  const sorted = [...lines.values()].sort((a, b) => {
    for (let i = 0; i < a.order.length; i++) {
      const x = a.order[i]!;
      const y = b.order[i]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
  const cellText = (s: string) => s.replaceAll('|', '\\|');
  return [
    `| adapter | provider | API | mode | case | ${WIRINGS.join(' | ')} |`,
    `|${' --- |'.repeat(5 + WIRINGS.length)}`,
    ...sorted.map(
      (l) =>
        `| ${[...l.key, ...WIRINGS.map((w) => l.cells.get(w) ?? '')].map(cellText).join(' | ')} |`,
    ),
  ].join('\n');
}

/** When `ARGSEAL_PROVIDER_TABLE_DIR` is set, writes the rows for the table script. */
export async function saveRows(adapter: string, rows: readonly TableRow[]): Promise<void> {
  const dir = process.env.ARGSEAL_PROVIDER_TABLE_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${adapter}.json`), JSON.stringify(rows, null, 1));
  await writeFile(join(dir, `${adapter}.md`), `${renderTable(rows)}\n`);
}
