import type { JsonValue } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { policyInput } from '../__fixtures__/policy-input.js';
import { decidedBy } from '../compose/decided-by.js';
import { egressPolicy } from './egress-policy.js';

const policy = egressPolicy({ paths: ['/url', '/webhooks/*'] });
const run = (args: JsonValue) => policy(policyInput(args));

describe('egressPolicy', () => {
  it('allows when every URL argument is allowed', async () => {
    const d = await run({
      url: 'https://example.com/a',
      webhooks: ['https://hooks.example.org/x'],
    });
    expect(d).toMatchObject({ type: 'allow', reason: 'egress_allowed' });
    expect(decidedBy(d)).toEqual({ rule: 'egress', decision: 'allow', reason: 'egress_allowed' });
  });

  it.each([
    [{ url: 'http://169.254.169.254/', webhooks: [] }, 'egress_url_missing'],
    [
      { url: 'http://169.254.169.254/', webhooks: ['https://example.com'] },
      'egress_cloud_metadata',
    ],
    [
      { url: 'https://example.com', webhooks: ['https://example.com', 'http://[::1]/'] },
      'egress_loopback',
    ],
    [{ webhooks: ['https://example.com'] }, 'egress_url_missing'],
    [{ url: null, webhooks: ['https://example.com'] }, 'egress_url_missing'],
    [{ url: 'https://example.com', webhooks: 'https://example.com' }, 'egress_url_missing'],
    [{ url: 42, webhooks: ['https://example.com'] }, 'egress_url_not_string'],
    [
      { url: { href: 'https://example.com' }, webhooks: ['https://example.com'] },
      'egress_url_not_string',
    ],
    [{ url: 'file:///etc/passwd', webhooks: ['https://example.com'] }, 'egress_scheme_not_allowed'],
    [{ url: 'https://example.com', webhooks: [''] }, 'egress_invalid_url'],
  ])('denies %j with %s', async (args, reason) => {
    const d = await run(args as JsonValue);
    expect(d).toMatchObject({ type: 'deny', reason });
    expect(decidedBy(d)?.rule).toBe('egress');
  });

  it('passes options through (allowlist, resolver) and uses a custom name', async () => {
    const p = egressPolicy({
      paths: ['/url'],
      allowHosts: ['api.example.com'],
      resolve: async () => ['10.0.0.7'],
      name: 'webhookEgress',
    });
    expect(await p(policyInput({ url: 'https://other.example.com/' }))).toMatchObject({
      reason: 'egress_host_not_allowlisted',
    });
    const d = await p(policyInput({ url: 'https://api.example.com/' }));
    expect(d).toMatchObject({ type: 'deny', reason: 'egress_private_address' });
    expect(decidedBy(d)?.rule).toBe('webhookEgress');
  });

  it('refuses bad options at construction', () => {
    expect(() => egressPolicy({ paths: [] })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => egressPolicy({ paths: ['url'] })).toThrow(
      expect.objectContaining({ code: 'invalid_json_pointer' }),
    );
    expect(() => egressPolicy({ paths: ['/url'], allowHosts: ['localhost'] })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => egressPolicy(undefined as never)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });
});
