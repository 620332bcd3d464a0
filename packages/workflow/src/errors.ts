import { ArgsealError } from '@argseal/core';

const WORKFLOW_MARKER = Symbol.for('argseal.error.workflow');

/** Codes of {@link WorkflowApprovalError}. */
export type WorkflowApprovalErrorCode =
  | 'invalid_workflow_options'
  | 'unknown_sealed_tool'
  | 'not_registered';

/** `@argseal/workflow` was configured or called wrongly. */
export class WorkflowApprovalError extends ArgsealError {
  declare readonly code: WorkflowApprovalErrorCode;

  constructor(code: WorkflowApprovalErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'WorkflowApprovalError';
    Object.defineProperty(this, WORKFLOW_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is WorkflowApprovalError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[WORKFLOW_MARKER] === true
    );
  }
}
