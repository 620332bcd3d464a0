import { createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { describeApprovalStoreContract, describeAuditSinkContract } from '@argseal/test-kit';
import { inProcessFetch } from '../__fixtures__/in-process-fetch.js';
import { createConsoleServer } from '../create-console-server.js';
import { createConsoleApprovalStore } from './approval-store.js';
import { createConsoleAuditSink } from './audit-sink.js';

const APPROVER = 'conformance-approver-token';
const AGENT = 'conformance-agent-token-xyz';

function consoleOverMemory() {
  const audit = createMemoryAuditLog();
  const local = createMemoryApprovalStore({ audit });
  const app = createConsoleServer({
    store: local,
    audit,
    tokens: { alice: APPROVER },
    agentTokens: { 'suite-agent': AGENT },
    agentScope: 'any',
    // The shared suite fabricates separate binding hashes no tool definition can reproduce.
    trustAgentBindingHashes: true,
  });
  const options = { url: 'http://127.0.0.1:7407', token: AGENT, fetch: inProcessFetch(app) };
  return { local, audit, options };
}

// Everything goes over the agent API except decide: agents never decide, so the suite's
// decisions are made on the console's own store (the approver API has its own tests).
describeApprovalStoreContract('console HTTP client', () => {
  const { local, audit, options } = consoleOverMemory();
  const remote = createConsoleApprovalStore(options);
  return { store: { ...remote, decide: local.decide.bind(local) }, audit, clock: () => new Date() };
});

describeAuditSinkContract('console HTTP audit sink', () => {
  const { options } = consoleOverMemory();
  return { audit: createConsoleAuditSink(options) };
});
