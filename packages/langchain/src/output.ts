import { type Refusal, refusalText } from '@argseal/core/kit';
import { isDirectToolOutput, ToolMessage } from '@langchain/core/messages';

export interface ToolCallRef {
  id: string;
  name: string;
}

/**
 * An error ToolMessage telling the model why nothing ran (`refusalText`: tool, stage,
 * code, path, never the arguments); the {@link Refusal} is in `artifact.argseal`.
 */
export function refusalMessage(call: ToolCallRef, refusal: Refusal): ToolMessage {
  return new ToolMessage({
    content: refusalText(refusal),
    tool_call_id: call.id,
    name: call.name,
    status: 'error',
    artifact: { argseal: refusal },
  });
}

const isContentBlocks = (value: unknown) =>
  Array.isArray(value) && value.every((b) => typeof b === 'object' && b !== null && 'type' in b);

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/**
 * What a tool returned, as LangChain expects a tool call's answer: a ToolMessage or
 * Command passes through, anything else becomes a ToolMessage the way `StructuredTool.call`
 * formats it.
 */
export function outputToMessage(output: unknown, call: ToolCallRef): unknown {
  if (ToolMessage.isInstance(output)) {
    if (!output.tool_call_id) output.tool_call_id = call.id;
    return output;
  }
  if (isDirectToolOutput(output)) return output;
  const content =
    typeof output === 'string' || isContentBlocks(output) ? output : stringify(output);
  return new ToolMessage({
    status: 'success',
    content: content as string,
    tool_call_id: call.id,
    name: call.name,
  });
}
