/** The bench's baseline: the same refund as one plain step, without argseal. */
async function plainRefundStep(rawArguments: string) {
  'use step';
  const input = JSON.parse(rawArguments) as { orderId: string; amount: number };
  if (typeof input.orderId !== 'string' || !Number.isInteger(input.amount)) {
    throw new Error('invalid refund arguments');
  }
  return { status: 'executed', result: { refunded: input.amount } };
}

/** A workflow whose tool runs in one plain step: the baseline of the bench. */
export async function plainRefundWorkflow(rawArguments: string) {
  'use workflow';
  return plainRefundStep(rawArguments);
}
