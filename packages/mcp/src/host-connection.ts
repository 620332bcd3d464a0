import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { RawCallLedger } from './raw-call-ledger.js';

/** One host's side of the proxy: the SDK transport to it and what its decoder recorded. */
export interface HostConnection {
  transport: Transport;
  ledger: RawCallLedger;
}
