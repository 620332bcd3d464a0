import { parseJsonPointer } from '@argseal/core/data';
import { DlpError } from './errors.js';

/** Paths where a detector does not apply, e.g. `email` on the `/to` of `send_email`. */
export interface DlpExemption {
  /** Detector ids the exemption applies to. */
  detectors: readonly string[];
  /** JSON Pointers of string values; the segment `*` matches any key or index. */
  paths: readonly string[];
  /** Only for these tools. Omitted: every tool. */
  tools?: readonly string[];
}

/** Tests (tool, value path) against the exemptions of one detector. */
type ExemptTest = (tool: string, path: readonly (string | number)[]) => boolean;

function stringList(value: unknown, option: string): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string')) {
    throw new DlpError('invalid_dlp_options', `${option}: expected a non-empty array of strings`);
  }
  return [...value];
}

function matches(pattern: readonly string[], path: readonly (string | number)[]): boolean {
  return (
    pattern.length === path.length && pattern.every((t, i) => t === '*' || t === String(path[i]))
  );
}

/** Compiles `exempt` into one test per detector id; unknown ids are reported by the caller. */
export function compileExemptions(
  exempt: unknown,
  knownDetectors: ReadonlySet<string>,
): (detector: string) => ExemptTest {
  if (exempt === undefined) return () => () => false;
  if (!Array.isArray(exempt)) {
    throw new DlpError('invalid_dlp_options', 'createDlp: exempt must be an array');
  }
  const rules = exempt.map((e: DlpExemption, i) => {
    const at = `createDlp: exempt[${i}]`;
    if (typeof e !== 'object' || e === null) {
      throw new DlpError('invalid_dlp_options', `${at}: expected { detectors, paths }`);
    }
    const detectors = stringList(e.detectors, `${at}.detectors`);
    for (const d of detectors) {
      if (!knownDetectors.has(d)) {
        throw new DlpError('unknown_detector', `${at}.detectors: no detector ${JSON.stringify(d)}`);
      }
    }
    const paths = stringList(e.paths, `${at}.paths`).map((p, j) => {
      try {
        return parseJsonPointer(p);
      } catch {
        throw new DlpError('invalid_json_pointer', `${at}.paths[${j}]: not an RFC 6901 pointer`);
      }
    });
    const tools = e.tools === undefined ? undefined : new Set(stringList(e.tools, `${at}.tools`));
    return { detectors: new Set(detectors), paths, tools };
  });
  return (detector) => {
    const mine = rules.filter((r) => r.detectors.has(detector));
    if (mine.length === 0) return () => false;
    return (tool, path) =>
      mine.some((r) => (!r.tools || r.tools.has(tool)) && r.paths.some((p) => matches(p, path)));
  };
}
