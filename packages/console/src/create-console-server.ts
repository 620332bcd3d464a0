import type { ApprovalStore, AuditSink } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import type { ReasonMessages } from '@argseal/core/data';
import { Hono } from 'hono';
import { type ApproverGroups, approverGroupLookup } from './approver-groups.js';
import {
  type AuthSettings,
  type ConsoleEnv,
  identify,
  requireAgent,
  requireApprover,
} from './auth.js';
import { type ConsoleToolBinding, createBindingCheck } from './binding-rules.js';
import { ConsoleError } from './errors.js';
import { HttpError, sendError } from './http-errors.js';
import type { ConsolePinStore } from './pins/pin-errors.js';
import { agentRoutes } from './routes-agent.js';
import { auditRoutes } from './routes-audit.js';
import { pinRoutes } from './routes-pins.js';
import { pinAgentRoutes } from './routes-pins-agent.js';
import { proposalRoutes } from './routes-proposals.js';
import { sessionRoutes } from './routes-session.js';
import { securityHeaders } from './security-headers.js';
import { createSessionStore, DEFAULT_SESSION_TTL_MS } from './sessions.js';
import { loadStaticAssets } from './static-assets.js';
import { assertDisjoint, createTokenRegistry, type TokenInput } from './tokens.js';

/** Options of {@link createConsoleServer}. */
export interface ConsoleServerOptions {
  /** The approval store the console lists and decides proposals in. */
  store: ApprovalStore;
  /** The audit trail the console shows and verifies (also receives agent-submitted events). */
  audit: AuditSink;
  /** Approver tokens (required, at least one): `"alice:<token>,bob:<token>"`, `{ alice: token }` or a list. */
  tokens: TokenInput;
  /** Agent tokens for the agent API; without them the agent API refuses every call. */
  agentTokens?: TokenInput | undefined;
  /**
   * `'own'` (default): an agent token acts only for the agent name it is listed under.
   * `'any'`: it may submit and read proposals of any agent name and read the whole audit trail.
   */
  agentScope?: 'own' | 'any';
  /** Browser session lifetime. Default eight hours. */
  sessionTtlMs?: number;
  /**
   * Tools whose approvals bind to a hash without their informational fields (tools from
   * `defineTool` fit as they are). The console recomputes a submitted proposal's binding hash
   * for these; for any other tool the binding hash must equal the proposal hash
   * (`400 binding_hash_mismatch`), so an approval can never be bound to a call the page did
   * not show.
   */
  tools?: readonly ConsoleToolBinding[];
  /**
   * UNSAFE: store a binding hash that differs from the proposal hash for tools not listed in
   * `tools` without checking it. An agent token holder could then have an approver approve one
   * call while binding the grant to another. Default false.
   */
  trustAgentBindingHashes?: boolean;
  /**
   * Human messages for your own policy reason codes, shown next to the code. Those of
   * `@argseal/policies` and core are built in; yours win.
   */
  reasonMessages?: ReasonMessages;
  /**
   * MCP tool-definition pins (`createSqlToolPinStore` on the same database): approvers see
   * changed definitions as a diff and decide them, `@argseal/mcp` proxies report definitions
   * through the agent API. Without it the pin routes answer 404 `pins_unavailable`.
   */
  pins?: ConsolePinStore | undefined;
  /**
   * Four eyes: who is in which group (`{ finance: ['alice', 'bob'] }`). A policy's
   * `approvals.group` names one; the console passes the signed-in approver's groups to the
   * store, which refuses anyone else (`403 approver_not_in_group`).
   */
  approverGroups?: ApproverGroups;
}

const SERVER_OPTION_KEYS = [
  'store',
  'audit',
  'tokens',
  'agentTokens',
  'agentScope',
  'sessionTtlMs',
  'tools',
  'trustAgentBindingHashes',
  'reasonMessages',
  'pins',
  'approverGroups',
];

/**
 * The console as a Hono app: the page, the approver API under `/api`, the agent API under
 * `/api/agent`. Refuses to build without an approver token (`no_approver_tokens`).
 */
export function createConsoleServer(options: ConsoleServerOptions): Hono<ConsoleEnv> {
  assertKnownOptions('createConsoleServer', options, SERVER_OPTION_KEYS);
  if (!options?.store || !options.audit) {
    throw new ConsoleError(
      'invalid_options',
      'createConsoleServer needs a store and an audit sink',
    );
  }
  const approvers = createTokenRegistry(options.tokens, 'approver');
  if (approvers.size === 0) {
    throw new ConsoleError(
      'no_approver_tokens',
      'no approver token: set ARGSEAL_CONSOLE_TOKENS="name:token" or a config file; there is no default token',
    );
  }
  const agents = createTokenRegistry(options.agentTokens, 'agent');
  assertDisjoint(options.tokens, options.agentTokens);
  const checkBinding = createBindingCheck(options.tools, options.trustAgentBindingHashes === true);
  const ttl = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
  const groupsOf = approverGroupLookup(options.approverGroups);
  const auth: AuthSettings = { approvers, agents, sessions: createSessionStore({ ttlMs: ttl }) };
  const assets = loadStaticAssets();
  const app = new Hono<ConsoleEnv>();

  app.use('*', securityHeaders());
  app.onError((error, c) => sendError(c, error));
  app.notFound((c) => sendError(c, new HttpError('not_found', 'no such route')));

  const page = (name: string) => {
    const asset = assets[name]!;
    return new Response(asset.body, { headers: { 'Content-Type': asset.type } });
  };
  app.get('/', (c) => {
    let who: ReturnType<typeof identify>;
    try {
      who = identify(c, auth);
    } catch {
      who = undefined;
    }
    return who?.role === 'approver' ? page('index.html') : c.redirect('/login', 302);
  });
  app.get('/login', () => page('login.html'));
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/assets/:name', (c) => {
    const name = c.req.param('name');
    if (name.endsWith('.html') || !Object.hasOwn(assets, name))
      throw new HttpError('not_found', 'no such asset');
    return page(name);
  });

  app.route('/api/session', sessionRoutes(auth, ttl, undefined, groupsOf));
  app.use('/api/agent/*', requireAgent(auth));
  app.route(
    '/api/agent',
    agentRoutes(options.store, options.audit, options.agentScope === 'any', checkBinding),
  );
  app.use('/api/proposals/*', requireApprover(auth));
  app.use('/api/proposals', requireApprover(auth));
  app.route(
    '/api/proposals',
    proposalRoutes(options.store, { reasonMessages: options.reasonMessages, groupsOf }),
  );
  app.route('/api/agent/pins', pinAgentRoutes(options.pins, options.agentScope === 'any'));
  app.use('/api/pins/*', requireApprover(auth));
  app.use('/api/pins', requireApprover(auth));
  app.route('/api/pins', pinRoutes(options.pins));
  app.use('/api/audit', requireApprover(auth));
  app.route('/api/audit', auditRoutes(options.audit));
  return app;
}
