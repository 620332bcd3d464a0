import { defineTool } from '@argseal/core';
import { z } from 'zod';

/** What left the building: every reply and vendor ticket that actually ran. */
export interface Outbox {
  replies: { ticketId: string; body: string }[];
  vendorTickets: { vendor: string; note: string }[];
}

export function createTools(outbox: Outbox) {
  const send_reply = defineTool({
    name: 'send_reply',
    description: 'Send a reply to the customer on a support ticket.',
    schema: z.object({ ticketId: z.string().min(1), body: z.string().max(4000) }).strict(),
    execute: async (input) => {
      outbox.replies.push(input);
      return { sent: true };
    },
  });
  const forward_to_vendor = defineTool({
    name: 'forward_to_vendor',
    description: 'Open a ticket with a third-party vendor (logistics, payments).',
    schema: z.object({ vendor: z.string().min(1), note: z.string().max(4000) }).strict(),
    execute: async (input) => {
      outbox.vendorTickets.push(input);
      return { forwarded: true };
    },
  });
  return { send_reply, forward_to_vendor };
}
