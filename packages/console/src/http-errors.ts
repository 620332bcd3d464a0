import { ApprovalError, ArgsealError } from '@argseal/core';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A refusal with an HTTP status and a stable code. Never carries tokens or payloads. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The JSON body of every error response. `kind` tells a client which error class to rebuild. */
export interface ErrorBody {
  error: { code: string; message: string; kind: 'approval' | 'console' };
}

const APPROVAL_STATUS: Record<string, ContentfulStatusCode> = {
  proposal_not_found: 404,
  proposal_not_pending: 409,
  duplicate_proposal_id: 409,
  duplicate_approval: 409,
  approver_not_in_group: 403,
  requester_cannot_approve: 403,
};

/** Maps a thrown value to a status and body: store refusals keep their code, the rest is 500. */
function errorResponse(error: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: { error: { code: error.code, message: error.message, kind: 'console' } },
    };
  }
  if (ApprovalError.isInstance(error)) {
    return {
      status: APPROVAL_STATUS[error.code] ?? 400,
      body: { error: { code: error.code, message: error.message, kind: 'approval' } },
    };
  }
  if (ArgsealError.isInstance(error) && /^invalid_/.test(error.code)) {
    return {
      status: 400,
      body: { error: { code: error.code, message: error.message, kind: 'console' } },
    };
  }
  return {
    status: 500,
    body: {
      error: {
        code: 'internal_error',
        message: 'the console failed to handle this request',
        kind: 'console',
      },
    },
  };
}

export function sendError(c: Context, error: unknown): Response {
  const { status, body } = errorResponse(error);
  return c.json(body, status);
}
