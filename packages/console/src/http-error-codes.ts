import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Codes the console answers with in `{ error: { code, message, kind: 'console' } }`, each
 * with one HTTP status (store refusals are `kind: 'approval'` with an `ApprovalErrorCode`).
 * A client rebuilds them as `ConsoleError` with the same code.
 */
export type HttpErrorCode =
  /** 415: the body is not `application/json`. */
  | 'unsupported_media_type'
  /** 400: `Content-Length` is not a number. */
  | 'invalid_content_length'
  /** 413: the body is over its limit (1 MiB; 4 KiB for a login). */
  | 'body_too_large'
  /** 400: the body is not UTF-8 strict JSON (duplicate keys, unsafe integers...). */
  | 'invalid_json'
  /** 400: the body is not a JSON object. */
  | 'invalid_body'
  /** 400: the body has a field the route does not take. */
  | 'unknown_field'
  /** 401: an `Authorization` header that is not `Bearer <token>`. */
  | 'invalid_authorization'
  /** 401: no credential. */
  | 'unauthenticated'
  /** 401: a token this console does not know. */
  | 'invalid_token'
  /** 403: an agent token on an approver route or the reverse; an agent token logging in. */
  | 'forbidden_role'
  /** 403: a cross-site request with a session cookie (Origin or Sec-Fetch-Site). */
  | 'cross_origin'
  /** 403: a cookie-session state change without the session's CSRF token. */
  | 'csrf_token_missing'
  /** 403: a CSRF token that is not the session's. */
  | 'csrf_token_invalid'
  /** 429: too many failed logins from this client (`Retry-After` says when to retry). */
  | 'too_many_attempts'
  /** 400: a list's `?status=` is not one of its statuses. */
  | 'invalid_status'
  /** 400: `?limit=` is not an integer from 1 to 1000. */
  | 'invalid_limit'
  /** 400: `?offset=` is not a non-negative integer. */
  | 'invalid_offset'
  /** 400: `?tool=`, `?agent=` or `?q=` is longer than 200 characters. */
  | 'invalid_tool'
  | 'invalid_agent'
  | 'invalid_query'
  /** 400: `?after=` is not a record sequence number. */
  | 'invalid_after'
  /** 404: no proposal with this id. */
  | 'proposal_not_found'
  /** 400: a decision's `proposalHash` is missing or not 64 lowercase hex. */
  | 'invalid_proposal_hash'
  /** 409: the hash sent is not the proposal's (or pin's) hash: reload it. */
  | 'hash_mismatch'
  /** 409: the proposal was already decided, consumed or expired. */
  | 'proposal_not_pending'
  /** 400: `ttlMs` is not an integer from 1000 to 86 400 000. */
  | 'invalid_ttl'
  /** 400: both `ttlMs` and `expiresAt`. */
  | 'invalid_expiry'
  /** 400: a submitted proposal's hash is not the hash of its agent, tool and arguments. */
  | 'proposal_hash_mismatch'
  /** 400: a submitted proposal's binding hash is not the one the console recomputes. */
  | 'binding_hash_mismatch'
  /** 403: an agent token acting for another agent's proposal, grant, call or pin. */
  | 'agent_mismatch'
  /** 400: an agent-submitted audit event is malformed. */
  | 'invalid_audit_event'
  /** 413: an agent-submitted audit event is over 64 KiB of canonical JSON. */
  | 'audit_event_too_large'
  /** 403: an audit event type only the console records. */
  | 'forbidden_event_type'
  /** 403: an agent naming an approver on an audit event. */
  | 'forbidden_field'
  /** 400: a pin decision that is not `approve` or `reject`. */
  | 'invalid_decision'
  /** 400: a pin decision's `definitionHash` is missing or malformed. */
  | 'invalid_definition_hash'
  /** 400: a note that is not a string of at most 2000 characters. */
  | 'invalid_note'
  /** 400: an observed pin's agent, server or tool is missing or malformed. */
  | 'invalid_pin_key'
  /** 400: the pin store refused the definition or the decision. */
  | 'invalid_pin_definition'
  | 'invalid_pin_decision'
  /** 400: the definition hash is not `SHA-256("argseal/v1/tool-definition:" + text)`. */
  | 'definition_hash_mismatch'
  /** 404: no tool-definition pin with this id. */
  | 'pin_not_found'
  /** 409: the tool definition is not pending. */
  | 'pin_not_pending'
  /** 409: first-use approval of a tool that already has an approved definition. */
  | 'pin_not_first_use'
  /** 404: this console keeps no tool-definition pins (no SQL storage). */
  | 'pins_unavailable'
  /** 404: no such route or asset. */
  | 'not_found'
  /** 400: another argseal `invalid_*` refusal this console has no code of its own for. */
  | 'invalid_request'
  /** 500: the console failed; the message says nothing more. */
  | 'internal_error';

// One status per code; the Record type makes a code without a status a compile error.
const STATUS: Readonly<Record<HttpErrorCode, ContentfulStatusCode>> = {
  unsupported_media_type: 415,
  invalid_content_length: 400,
  body_too_large: 413,
  invalid_json: 400,
  invalid_body: 400,
  unknown_field: 400,
  invalid_authorization: 401,
  unauthenticated: 401,
  invalid_token: 401,
  forbidden_role: 403,
  cross_origin: 403,
  csrf_token_missing: 403,
  csrf_token_invalid: 403,
  too_many_attempts: 429,
  invalid_status: 400,
  invalid_limit: 400,
  invalid_offset: 400,
  invalid_tool: 400,
  invalid_agent: 400,
  invalid_query: 400,
  invalid_after: 400,
  proposal_not_found: 404,
  invalid_proposal_hash: 400,
  hash_mismatch: 409,
  proposal_not_pending: 409,
  invalid_ttl: 400,
  invalid_expiry: 400,
  proposal_hash_mismatch: 400,
  binding_hash_mismatch: 400,
  agent_mismatch: 403,
  invalid_audit_event: 400,
  audit_event_too_large: 413,
  forbidden_event_type: 403,
  forbidden_field: 403,
  invalid_decision: 400,
  invalid_definition_hash: 400,
  invalid_note: 400,
  invalid_pin_key: 400,
  invalid_pin_definition: 400,
  invalid_pin_decision: 400,
  definition_hash_mismatch: 400,
  pin_not_found: 404,
  pin_not_pending: 409,
  pin_not_first_use: 409,
  pins_unavailable: 404,
  not_found: 404,
  invalid_request: 400,
  internal_error: 500,
};

/** True when `value` is one of the {@link HttpErrorCode}s (own keys only, never `constructor`). */
export function isHttpErrorCode(value: unknown): value is HttpErrorCode {
  return typeof value === 'string' && Object.hasOwn(STATUS, value);
}

/** The HTTP status the console answers `code` with. */
export function httpStatusOf(code: HttpErrorCode): ContentfulStatusCode {
  return STATUS[code];
}
