import { type AuditSink, verifyAuditChain } from '@argseal/core';
import { Hono } from 'hono';
import type { ConsoleEnv } from './auth.js';
import { sendError } from './http-errors.js';
import { parseLimit } from './proposal-view.js';

/**
 * `GET /api/audit?limit=N`: the chain's verification status over every record, the total,
 * and the newest N records (default 200) newest first.
 */
export function auditRoutes(audit: AuditSink): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  app.onError((error, c) => sendError(c, error));
  app.get('/', async (c) => {
    const limit = parseLimit(c.req.query('limit'), 200);
    const records = await audit.records();
    const verification = await verifyAuditChain(records);
    return c.json({
      verification,
      total: records.length,
      records: records.slice(-limit).reverse(),
    });
  });
  return app;
}
