import { computeBindingHash } from '@argseal/core/store';
import { ConsoleError } from './errors.js';
import { HttpError } from './http-errors.js';

/**
 * What the console needs to know about a tool to recompute its approval-binding hash: the
 * fields of a tool defined with `defineTool`. A tool object from `defineTool` fits as is.
 */
export interface ConsoleToolBinding {
  readonly name: string;
  readonly informationalFields?: readonly string[];
  readonly classificationVersion?: string | undefined;
}

/** Recomputes (or, only when explicitly trusted, accepts) a submitted proposal's binding hash. */
export type BindingCheck = (p: {
  agent: string;
  tool: string;
  argsCanonicalJson: string;
  proposalHash: string;
  bindingHash: string;
}) => Promise<void>;

const mismatch = () =>
  new HttpError(
    'binding_hash_mismatch',
    'bindingHash is not the binding hash of this agent, tool and arguments',
  );

/**
 * The grant an approver gives is consumed by binding hash, so the console must know that the
 * binding hash belongs to the arguments it shows. A tool listed in `tools` with informational
 * fields gets its binding hash recomputed; any other tool binds to its proposal hash. With
 * `trustAgentBindingHashes` a differing binding hash of an unlisted tool is stored unchecked.
 */
export function createBindingCheck(
  tools: readonly ConsoleToolBinding[] | undefined,
  trustAgentBindingHashes: boolean,
): BindingCheck {
  const rules = new Map<string, { fields: readonly string[]; version: string }>();
  for (const tool of tools ?? []) {
    if (typeof tool?.name !== 'string' || tool.name === '' || rules.has(tool.name)) {
      throw new ConsoleError('invalid_options', 'tools: each tool needs a distinct name');
    }
    const fields = tool.informationalFields ?? [];
    if (
      !Array.isArray(fields) ||
      fields.some((f) => typeof f !== 'string') ||
      (fields.length > 0 && typeof tool.classificationVersion !== 'string')
    ) {
      throw new ConsoleError(
        'invalid_options',
        `tools: "${tool.name}" needs string informationalFields and a classificationVersion`,
      );
    }
    rules.set(tool.name, { fields: [...fields], version: tool.classificationVersion ?? '' });
  }
  return async (p) => {
    const rule = rules.get(p.tool);
    if (rule && rule.fields.length > 0) {
      const expected = await computeBindingHash({
        agent: p.agent,
        tool: p.tool,
        argsCanonicalJson: p.argsCanonicalJson,
        informationalFields: rule.fields,
        classificationVersion: rule.version,
      });
      if (expected !== p.bindingHash) throw mismatch();
      return;
    }
    if (p.bindingHash === p.proposalHash) return;
    if (!rule && trustAgentBindingHashes) return;
    throw mismatch();
  };
}
