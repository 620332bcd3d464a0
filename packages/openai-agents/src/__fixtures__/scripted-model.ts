import { functionCall, ScriptedModel } from '@argseal/test-kit/models/openai-agents';
import type { Model, ModelRequest } from '@openai/agents';

export {
  assistantText,
  functionCall,
  ScriptedModel,
  type ScriptedOutput,
} from '@argseal/test-kit/models/openai-agents';

/**
 * Runs raw provider argument texts through a seal's model seam, as a sealed agent's run
 * does before the SDK calls `needsApproval` (which sees only decoded arguments).
 */
export async function throughModelSeam(
  seal: { model(model: Model): Model },
  calls: readonly { id: string; tool: string; raw: string }[],
): Promise<void> {
  const model = new ScriptedModel([calls.map((c) => functionCall(c.id, c.tool, c.raw))]);
  await seal.model(model).getResponse({} as ModelRequest);
}
