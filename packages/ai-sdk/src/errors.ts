import { ArgsealAdapterError, hasMarker } from '@argseal/core/kit';

const AI_SDK_MARKER = Symbol.for('argseal.error.ai-sdk');

/** Stable codes of {@link ArgsealAiSdkError}. */
export type ArgsealAiSdkErrorCode =
  /** A tool set entry is neither an argseal tool nor an AI SDK tool with `execute` and a schema. */
  | 'unsupported_tool'
  /** A tool's `inputSchema` is not a Standard Schema (zod, valibot...) nor a validating `jsonSchema()`. */
  | 'unsupported_schema'
  /** Two entries map to the same tool name, or a key differs from the argseal tool's name. */
  | 'tool_name_mismatch'
  /** The policy denied the call; nothing ran. */
  | 'denied'
  /** The call needs an approval and no live grant matches its proposal hash; nothing ran. */
  | 'approval_required'
  /** `approve` / `reject`: no unanswered `tool-approval-request` with that `approvalId` in the messages. */
  | 'approval_request_not_found'
  /** `approve` / `reject`: the store holds no pending proposal for that call (decided, or no store). */
  | 'proposal_not_found'
  /** `approve` / `reject`: options with an unknown key. */
  | 'invalid_approval_options';

/** Base error of `@argseal/ai-sdk`. Messages name the tool and the code, never the arguments. */
export class ArgsealAiSdkError extends ArgsealAdapterError<ArgsealAiSdkErrorCode> {
  constructor(code: ArgsealAiSdkErrorCode, message: string, tool?: string) {
    super(code, message, tool === undefined ? {} : { tool });
    this.name = 'ArgsealAiSdkError';
    Object.defineProperty(this, AI_SDK_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ArgsealAiSdkError {
    return hasMarker(value, AI_SDK_MARKER);
  }
}
