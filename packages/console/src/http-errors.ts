import { ApprovalError, type ApprovalErrorCode, ArgsealError } from '@argseal/core';
import { isApprovalErrorCode } from '@argseal/core/store';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type HttpErrorCode, httpStatusOf, isHttpErrorCode } from './http-error-codes.js';

/**
 * A refusal with a stable {@link HttpErrorCode}; its HTTP status follows from the code.
 * Never carries tokens or payloads.
 */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;

  constructor(
    readonly code: HttpErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = httpStatusOf(code);
  }
}

/**
 * The JSON body of every error response. `kind` tells a client which error class to rebuild:
 * `approval` carries an `ApprovalErrorCode` (a store refusal), `console` an {@link HttpErrorCode}.
 */
export interface ErrorBody {
  error:
    | { code: ApprovalErrorCode; message: string; kind: 'approval' }
    | { code: HttpErrorCode; message: string; kind: 'console' };
}

const APPROVAL_STATUS: ReadonlyMap<ApprovalErrorCode, ContentfulStatusCode> = new Map([
  ['proposal_not_found', 404],
  ['proposal_not_pending', 409],
  ['duplicate_proposal_id', 409],
  ['duplicate_approval', 409],
  ['approver_not_in_group', 403],
  ['requester_cannot_approve', 403],
]);

const INTERNAL: { status: ContentfulStatusCode; body: ErrorBody } = {
  status: 500,
  body: {
    error: {
      code: 'internal_error',
      message: 'the console failed to handle this request',
      kind: 'console',
    },
  },
};

/**
 * Maps a thrown value to a status and body, closed: an HttpError keeps its code, a store
 * refusal too when its code is an `ApprovalErrorCode`; any other argseal `invalid_*` refusal
 * keeps its code when it is an {@link HttpErrorCode} and is `400 invalid_request` otherwise;
 * anything else (a store code this version does not know included) is `500 internal_error`.
 */
function errorResponse(error: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: { error: { code: error.code, message: error.message, kind: 'console' } },
    };
  }
  if (ApprovalError.isInstance(error) && isApprovalErrorCode(error.code)) {
    return {
      status: APPROVAL_STATUS.get(error.code) ?? 400,
      body: { error: { code: error.code, message: error.message, kind: 'approval' } },
    };
  }
  if (ArgsealError.isInstance(error) && error.code.startsWith('invalid_')) {
    const code = isHttpErrorCode(error.code) ? error.code : 'invalid_request';
    return {
      status: httpStatusOf(code),
      body: { error: { code, message: error.message, kind: 'console' } },
    };
  }
  return INTERNAL;
}

export function sendError(c: Context, error: unknown): Response {
  const { status, body } = errorResponse(error);
  return c.json(body, status);
}
