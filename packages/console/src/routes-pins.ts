import { isHashHex } from '@argseal/core/data';
import { Hono } from 'hono';
import type { ConsoleEnv } from './auth.js';
import { HttpError, sendError } from './http-errors.js';
import { diffDefinitions } from './pins/definition-diff.js';
import {
  type ConsolePinStore,
  currentPin,
  pinCall,
  pinListFilter,
  pinSummary,
  pinsOrRefuse,
} from './pins/pin-errors.js';
import { expectObject, readJsonBody } from './read-json.js';

const MAX_NOTE = 2000;

/**
 * Approver API for MCP tool-definition pins (mounted behind `requireApprover` at
 * `/api/pins`): list (pending by default), one definition with its diff against the tool's
 * current pin, and the decision, bound to the definition hash the approver was shown.
 */
export function pinRoutes(pins: ConsolePinStore | undefined): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  app.onError((error, c) => sendError(c, error));
  // the page asks on every load; a console without pins says so without an error status
  if (!pins) app.get('/', (c) => c.json({ status: 'pending', pins: [], available: false }));
  const store = pinsOrRefuse(app, pins);

  app.get('/', async (c) => {
    const filter = pinListFilter(c.req.query('status'), c.req.query('limit'), 'pending');
    const list = await store.list(filter);
    return c.json({ status: filter.status, pins: list.map(pinSummary), available: true });
  });

  app.get('/:id', async (c) => {
    const pin = await store.get(c.req.param('id'));
    if (!pin) throw new HttpError('pin_not_found', 'no tool definition with this id');
    const current = await currentPin(store, pin);
    const previous = current && current.id !== pin.id ? current : undefined;
    return c.json({
      pin,
      previous: previous ?? null,
      diff: diffDefinitions(pin.definitionJson, previous?.definitionJson),
    });
  });

  app.post('/:id/decision', async (c) => {
    const body = expectObject(
      await readJsonBody(c, 16 * 1024),
      ['decision', 'definitionHash', 'note'],
      'decision',
    );
    if (body.decision !== 'approve' && body.decision !== 'reject')
      throw new HttpError('invalid_decision', 'decision must be "approve" or "reject"');
    if (!isHashHex(body.definitionHash))
      throw new HttpError(
        'invalid_definition_hash',
        'definitionHash must be the 64-character hex hash shown',
      );
    if (body.note !== undefined && (typeof body.note !== 'string' || body.note.length > MAX_NOTE))
      throw new HttpError(
        'invalid_note',
        `note must be a string of at most ${MAX_NOTE} characters`,
      );
    const pin = await store.get(c.req.param('id'));
    if (!pin) throw new HttpError('pin_not_found', 'no tool definition with this id');
    if (pin.definitionHash !== body.definitionHash)
      throw new HttpError('hash_mismatch', 'the definition hash does not match; reload it');
    const decided = await pinCall(() =>
      store.decide(pin.id, {
        decision: body.decision as 'approve' | 'reject',
        approver: c.get('identity').name,
        ...(body.note ? { note: body.note as string } : {}),
      }),
    );
    return c.json({ pin: decided });
  });

  return app;
}
