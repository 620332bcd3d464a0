import type { ToolPolicy } from '@argseal/core';
import type { McpCallContext } from '../config/config-types.js';

/** One approved upstream tool as the sealer runs it (one per pinned definition). */
export interface SealedToolSpec {
  /** Name in proposals and audit: `<server>/<tool>`. */
  qualifiedName: string;
  definitionHash: string;
  inputSchema: unknown;
  policy: ToolPolicy<McpCallContext>;
}
