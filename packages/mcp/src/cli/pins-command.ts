import type { McpProxyConfig } from '../config/config-types.js';
import { openMcpStores } from '../config/open-stores.js';
import { McpSealError } from '../errors.js';
import type { PinStatus } from '../pins/types.js';
import { MCP_CLI_EXIT, reportCliFailure, usageFailure } from './cli-failure.js';
import type { McpCliIo } from './cli-io.js';

const STATUSES = new Set(['pending', 'approved', 'rejected', 'superseded', 'all']);

/**
 * `argseal mcp pins list [--status S]`, `show ID`, `approve ID --approver NAME`,
 * `reject ID --approver NAME`: tool-definition pins in the proxy's store (the embedded
 * directory takes turns with a running proxy; with the console store, list and show only:
 * approvers decide in the console).
 */
export async function runPinsCommand(
  args: readonly string[],
  values: { approver?: string; status?: string; note?: string },
  config: McpProxyConfig,
  storeOptions: Parameters<typeof openMcpStores>[0],
  io: McpCliIo,
): Promise<number> {
  const [verb, id] = args;
  const status = values.status ?? 'pending';
  if (
    verb === undefined ||
    !['list', 'show', 'approve', 'reject'].includes(verb) ||
    !STATUSES.has(status)
  ) {
    io.stderr(
      'usage: argseal mcp pins list|show|approve|reject [ID] [--approver NAME] [--status S]\n',
    );
    return MCP_CLI_EXIT.usage;
  }
  if (verb !== 'list' && !id)
    return usageFailure(io, 'missing_argument', `"pins ${verb}" needs a pin ID`);
  if (verb !== 'list' && verb !== 'show' && !values.approver)
    return usageFailure(io, 'missing_option', `"pins ${verb}" needs --approver NAME`);
  const stores = await openMcpStores(storeOptions);
  try {
    const agent = config.agent ?? 'mcp';
    if (verb === 'list') {
      for (const r of await stores.pins.list({ status: status as PinStatus | 'all', agent })) {
        io.stdout(`${r.id}\t${r.status}\t${r.server}/${r.tool}\t${r.definitionHash}\n`);
      }
      return 0;
    }
    if (verb === 'show') {
      const record = await stores.pins.get(id as string);
      if (!record) throw new McpSealError('pin_not_found', 'no tool-definition pin has this ID');
      io.stdout(`${JSON.stringify(record, null, 2)}\n`);
      return 0;
    }
    const decided = await stores.pins.decide(id as string, {
      decision: verb === 'approve' ? 'approve' : 'reject',
      approver: values.approver as string,
      ...(values.note ? { note: values.note } : {}),
    });
    io.stdout(`${decided.id}\t${decided.status}\t${decided.server}/${decided.tool}\n`);
    return 0;
  } catch (error) {
    return reportCliFailure(error, io);
  } finally {
    await stores.close();
  }
}
