import { callSealedTool } from '@argseal/workflow';

/** Two sealed calls in one run: each waits on its own hook. */
export async function twoRefundsWorkflow(first: string, second: string) {
  'use workflow';
  const a = await callSealedTool('refund', first, { toolCallId: 'call_1' });
  const b = await callSealedTool('refund', second, { toolCallId: 'call_2' });
  return [a, b];
}
