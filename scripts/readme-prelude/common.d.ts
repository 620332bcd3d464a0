// Placeholders README samples use without defining them (global declarations).
// Checked by scripts/check-readme-code.mjs; keep them generic and typed.
declare const payments: {
  refund(orderId: string, amount: number, currency?: string): Promise<{ refundId: string }>;
};
declare const orders: { get(orderId: string): Promise<{ orderId: string; status: string }> };
declare const userId: string;
declare const conversationId: string;
declare const proposalHash: string;
declare function saveRunState(id: string, text: string): Promise<void>;
declare function loadRunState(id: string): Promise<string>;
declare function dnsLookupAll(host: string): Promise<string[]>;
