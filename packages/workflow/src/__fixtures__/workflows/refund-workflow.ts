import { callSealedTool } from '@argseal/workflow';

/** A workflow whose one tool call is sealed: the fixture of the local-world tests. */
export async function refundWorkflow(rawArguments: string) {
  'use workflow';
  return callSealedTool('refund', rawArguments, { toolCallId: 'call_1' });
}
