import { CORE_REASON_MESSAGES } from '@argseal/core/data';
import { POLICY_REASON_MESSAGES } from '@argseal/policies';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-value.js';
import { renderProposal } from './render-proposal.js';

const presentation = {
  version: 1,
  title: 'Refund',
  summary: 'Refund {amount} on order {orderId}',
  fields: [
    { path: '/orderId', label: 'Order', format: 'id' },
    { path: '/amount', label: 'Amount', format: 'money', currencyPath: '/currency' },
  ],
  context: { customer: 'C-42', conversation: 'conv-7', requester: 'dana' },
  risk: 'high',
};
const reasonMessages = [POLICY_REASON_MESSAGES, CORE_REASON_MESSAGES];
const args = '{"amount":12000,"currency":"EUR","orderId":"A-1001","reason":"damaged"}';

describe('renderProposal', () => {
  it('renders the sentence, the labelled fields, context labels and the reason message', () => {
    const d = renderProposal(
      {
        argsCanonicalJson: args,
        tool: 'refund',
        reason: 'money_above_approval_threshold',
        presentation,
      },
      { reasonMessages },
    );
    expect(d.title).toBe('Refund');
    expect(d.summary).toBe('Refund 120.00 EUR on order A-1001');
    expect(d.fields.map((f) => [f.label, f.value])).toEqual([
      ['Order', 'A-1001'],
      ['Amount', '120.00 EUR'],
      ['currency', 'EUR'],
      ['reason', 'damaged'],
    ]);
    expect(d.context).toEqual([
      { key: 'customer', label: 'Customer', value: 'C-42' },
      { key: 'conversation', label: 'Conversation', value: 'conv-7' },
      { key: 'requester', label: 'Requested by', value: 'dana' },
    ]);
    expect(d.reason).toEqual({
      code: 'money_above_approval_threshold',
      message: 'The amount is above the limit that runs without approval.',
    });
    expect(d.risk).toBe('high');
    expect(d.warnings).toEqual([]);
    expect(d.argumentsJson).toBe(
      '{\n  "amount": 12000,\n  "currency": "EUR",\n  "orderId": "A-1001",\n  "reason": "damaged"\n}',
    );
  });

  it('without presentation: the tool name and the raw fields, reason code without message', () => {
    const d = renderProposal(
      { argsCanonicalJson: '{"a":1,"b":{"c":"x"}}', tool: 't', reason: 'custom_reason' },
      { reasonMessages },
    );
    expect(d.title).toBe('t');
    expect(d.summary).toBe('t with a 1, b/c x');
    expect(d.reason).toEqual({ code: 'custom_reason' });
    expect(d.fields.map((f) => f.path)).toEqual(['/a', '/b/c']);
  });

  it('marks fields a rewrite changed and fields that differ from the last approved call', () => {
    const d = renderProposal(
      {
        argsCanonicalJson: args,
        originalArguments:
          '{"amount":12000,"currency":"eur","orderId":"A-1001","reason":"damaged"}',
        tool: 'refund',
        reason: 'r',
        presentation,
      },
      {
        reasonMessages,
        previous: {
          id: 'p-0',
          argsCanonicalJson:
            '{"amount":5100,"currency":"EUR","orderId":"A-1001","reason":"damaged"}',
        },
      },
    );
    const by = Object.fromEntries(d.fields.map((f) => [f.path, f]));
    expect(by['/currency']?.rewritten).toEqual({ original: 'eur' });
    // the amount reads in the original's currency (unknown: "eur" is not a code)
    expect(by['/amount']?.rewritten?.original).toBe('12000 (minor units, currency unknown)');
    expect(by['/amount']?.changedSinceApproved).toEqual({ previous: '51.00 EUR' });
    expect(by['/orderId']?.rewritten).toBeUndefined();
    expect(by['/orderId']?.changedSinceApproved).toBeUndefined();
    expect(d.comparedWith).toBe('p-0');
    expect(d.originalJson).toContain('"currency": "eur"');
  });

  it('makes bidi controls and invisible characters visible everywhere, with a warning', () => {
    const d = renderProposal(
      {
        argsCanonicalJson: JSON.stringify({
          orderId: 'acct_0000\u202E1999\u202C',
          amount: 1,
          currency: 'EUR',
        }).replace(
          '{"orderId":"acct_0000\u202E1999\u202C","amount":1,"currency":"EUR"}',
          '{"amount":1,"currency":"EUR","orderId":"acct_0000\u202E1999\u202C"}',
        ),
        tool: 'refund',
        reason: 'r',
        presentation,
      },
      { reasonMessages },
    );
    expect(d.summary).toBe('Refund 0.01 EUR on order acct_0000⟦U+202E⟧1999⟦U+202C⟧');
    expect(d.fields[0]?.value).toBe('acct_0000⟦U+202E⟧1999⟦U+202C⟧');
    expect(d.argumentsJson).toContain('"orderId": "acct_0000\\u202E1999\\u202C"');
    expect(d.warnings).toHaveLength(1);
    expect(d.warnings[0]).toMatchObject({ code: 'hidden_characters', path: '/orderId' });
    expect(d.warnings[0]?.message).toContain('RIGHT-TO-LEFT OVERRIDE');
    expect(d.warnings[0]?.message).toContain('different order');
  });
});

describe('formatMoney', () => {
  it('formats integer minor units by the currency digits, without floating point', () => {
    expect(formatMoney(12000, 'EUR')).toBe('120.00 EUR');
    expect(formatMoney(5, 'USD')).toBe('0.05 USD');
    expect(formatMoney(-123456789, 'USD')).toBe('-1,234,567.89 USD');
    expect(formatMoney(500, 'JPY')).toBe('500 JPY');
    expect(formatMoney(1234, 'KWD')).toBe('1.234 KWD');
    expect(formatMoney(9007199254740991, 'EUR')).toBe('90,071,992,547,409.91 EUR');
    expect(formatMoney(1.5, 'EUR')).toBeUndefined();
    expect(formatMoney('12' as never, 'EUR')).toBeUndefined();
  });
});
