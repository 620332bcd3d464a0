import { Hono } from 'hono';
import type { ConsoleEnv } from './auth.js';
import { HttpError, sendError } from './http-errors.js';
import {
  type ConsolePinStore,
  currentPin,
  pinCall,
  pinListFilter,
  pinsOrRefuse,
} from './pins/pin-errors.js';
import { expectObject, readJsonBody } from './read-json.js';

/** The approver name a first-use pin is recorded with (as `@argseal/mcp` records it). */
export const FIRST_USE_APPROVER = 'argseal:first-use';
/** Largest observe body: a definition of up to 1 MiB plus its JSON escaping. */
const MAX_OBSERVE_BYTES = 3 * 1024 * 1024;

/**
 * Agent API for tool-definition pins (`/api/agent/pins`, bearer agent tokens): a proxy
 * reports the definitions it sees (`observe`; the store checks text against hash), reads
 * their status, and pins a tool on first use when its own config says so. Agents never
 * approve a changed definition: only an approver does, in `/api/pins`.
 */
export function pinAgentRoutes(
  pins: ConsolePinStore | undefined,
  anyAgent: boolean,
): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  app.onError((error, c) => sendError(c, error));
  const store = pinsOrRefuse(app, pins);
  const own = (c: { get(k: 'identity'): { name: string } }, agent: unknown) => {
    if (!anyAgent && agent !== c.get('identity').name)
      throw new HttpError('agent_mismatch', 'this agent token may only act for its own agent name');
  };
  const mine = async (c: Parameters<typeof own>[0], id: string) => {
    const pin = await store.get(id);
    if (!pin || (!anyAgent && pin.agent !== c.get('identity').name))
      throw new HttpError('pin_not_found', 'no tool definition with this id');
    return pin;
  };

  app.post('/observe', async (c) => {
    const body = expectObject(
      await readJsonBody(c, MAX_OBSERVE_BYTES),
      ['agent', 'server', 'tool', 'definitionHash', 'definitionJson'],
      'observe',
    );
    const agent = body.agent ?? c.get('identity').name;
    own(c, agent);
    for (const [name, value] of [
      ['agent', agent],
      ['server', body.server],
      ['tool', body.tool],
    ] as const) {
      if (typeof value !== 'string' || value === '' || value.length > 200)
        throw new HttpError('invalid_pin_key', `${name} must be a string of 1 to 200 characters`);
    }
    const key = {
      agent: agent as string,
      server: body.server as string,
      tool: body.tool as string,
    };
    const definition = {
      definitionHash: body.definitionHash as string,
      definitionJson: body.definitionJson as string,
    };
    return c.json(await pinCall(() => store.observe(key, definition)));
  });

  app.get('/', async (c) => {
    const filter = pinListFilter(c.req.query('status'), c.req.query('limit'), 'all');
    const server = c.req.query('server');
    const pins = await store.list({
      ...filter,
      ...(anyAgent ? {} : { agent: c.get('identity').name }),
      ...(server ? { server } : {}),
    });
    return c.json({ pins });
  });

  app.get('/:id', async (c) => c.json({ pin: await mine(c, c.req.param('id')) }));

  /** Pins a pending definition of a tool that has never had an approved one (first sight). */
  app.post('/:id/first-use', async (c) => {
    const pin = await mine(c, c.req.param('id'));
    if (pin.status !== 'pending')
      throw new HttpError('pin_not_pending', 'the tool definition is not pending');
    if (pin.previousHash !== undefined || (await currentPin(store, pin)))
      throw new HttpError(
        'pin_not_first_use',
        'the tool already has an approved definition; an approver must approve a change',
      );
    const decided = await pinCall(() =>
      store.decide(pin.id, { decision: 'approve', approver: FIRST_USE_APPROVER }),
    );
    return c.json({ pin: decided });
  });

  return app;
}
