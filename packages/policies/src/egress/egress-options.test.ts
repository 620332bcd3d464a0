import { describe, expect, it } from 'vitest';
import { checkEgress, compileEgressOptions } from './check-egress.js';

describe('checkEgress options', () => {
  it('returns the serialized URL and host of an allowed URL', async () => {
    expect(await checkEgress('HTTPS://Example.COM:443/a/../b')).toEqual({
      allowed: true,
      reason: 'egress_allowed',
      url: 'https://example.com/b',
      hostname: 'example.com',
    });
    expect((await checkEgress(new URL('https://example.com/'))).allowed).toBe(true);
  });

  it.each([[undefined], [null], [42], [{ href: 'https://example.com' }]])(
    'refuses non-string input %j',
    async (u) => {
      expect(await checkEgress(u as never)).toEqual({
        allowed: false,
        reason: 'egress_invalid_url',
      });
    },
  );

  it('allowHosts restricts to exact hosts and subdomain patterns', async () => {
    const options = {
      allowHosts: ['api.example.com', '*.cdn.example.net', 'EXAMPLE.org.', '8.8.8.8'],
    };
    const verdict = async (u: string) => (await checkEgress(u, options)).reason;
    expect(await verdict('https://api.example.com/x')).toBe('egress_allowed');
    expect(await verdict('https://API.EXAMPLE.COM./x')).toBe('egress_allowed');
    expect(await verdict('https://a.cdn.example.net/')).toBe('egress_allowed');
    expect(await verdict('https://a.b.cdn.example.net/')).toBe('egress_allowed');
    expect(await verdict('https://example.org/')).toBe('egress_allowed');
    expect(await verdict('https://8.8.8.8/')).toBe('egress_allowed');
    expect(await verdict('https://cdn.example.net/')).toBe('egress_host_not_allowlisted');
    expect(await verdict('https://evilcdn.example.net/')).toBe('egress_host_not_allowlisted');
    expect(await verdict('https://api.example.com.evil.com/')).toBe('egress_host_not_allowlisted');
    expect(await verdict('https://example.com/')).toBe('egress_host_not_allowlisted');
    expect(await verdict('https://8.8.4.4/')).toBe('egress_host_not_allowlisted');
    // the allowlist never unblocks: block checks run first
    expect(await verdict('http://127.0.0.1/')).toBe('egress_loopback');
  });

  it.each([
    [['localhost']],
    [['10.0.0.1']],
    [['*.internal']],
    [['metadata.google.internal']],
    [['example.com/path']],
    [['user@example.com']],
    [['example.com:8080']],
    [['']],
    [['*']],
    [[42]],
    ['example.com'],
  ])('refuses allowHosts %j at compile time', (allowHosts) => {
    expect(() => compileEgressOptions({ allowHosts } as never)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });

  it('allowPorts counts default ports as 80 and 443', async () => {
    const options = { allowPorts: [443] };
    expect((await checkEgress('https://example.com/', options)).allowed).toBe(true);
    expect((await checkEgress('https://example.com:443/', options)).allowed).toBe(true);
    expect((await checkEgress('https://example.com:8443/', options)).reason).toBe(
      'egress_port_not_allowed',
    );
    expect((await checkEgress('http://example.com/', options)).reason).toBe(
      'egress_port_not_allowed',
    );
    expect(() => compileEgressOptions({ allowPorts: [0] })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });

  it('protocols narrows to https only', async () => {
    expect((await checkEgress('http://example.com/', { protocols: ['https:'] })).reason).toBe(
      'egress_scheme_not_allowed',
    );
    expect(() => compileEgressOptions({ protocols: ['ftp:'] })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => compileEgressOptions({ protocols: [] })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });

  it('blockHostSuffixes adds names; allowSingleLabelHosts opts in to bare names', async () => {
    const options = { blockHostSuffixes: ['corp.example.com', '.svc.cluster'] };
    expect((await checkEgress('https://wiki.corp.example.com/', options)).reason).toBe(
      'egress_internal_hostname',
    );
    expect((await checkEgress('https://corp.example.com/', options)).reason).toBe(
      'egress_internal_hostname',
    );
    expect((await checkEgress('https://api.svc.cluster/', options)).reason).toBe(
      'egress_internal_hostname',
    );
    expect((await checkEgress('https://www.example.com/', options)).allowed).toBe(true);
    expect((await checkEgress('http://kubernetes/', { allowSingleLabelHosts: true })).allowed).toBe(
      true,
    );
    expect((await checkEgress('http://localhost/', { allowSingleLabelHosts: true })).reason).toBe(
      'egress_localhost',
    );
    expect(() => compileEgressOptions({ blockHostSuffixes: [''] })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });

  it('refuses other malformed options', () => {
    for (const bad of [
      { resolve: 'dns' },
      { onResolverError: 'maybe' },
      { allowPorts: 'x' },
      { blockHostSuffixes: 'x' },
    ]) {
      expect(() => compileEgressOptions(bad as never)).toThrow(
        expect.objectContaining({ code: 'invalid_policy_options' }),
      );
    }
  });
});

describe('checkEgress with a resolver', () => {
  const table: Record<string, string[]> = {
    'public.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'rebind.example': ['93.184.216.34', '127.0.0.1'],
    'meta.example': ['169.254.169.254'],
    'v6.example': ['fd00:ec2::254'],
    'zone.example': ['fe80::1%eth0'],
    'mapped.example': ['::ffff:10.0.0.1'],
    'empty.example': [],
    'weird.example': ['0x7f.1'],
    'junk.example': ['not-an-ip'],
  };
  const calls: string[] = [];
  const resolve = async (host: string) => {
    calls.push(host);
    const found = table[host];
    if (!found) throw new Error('NXDOMAIN');
    return found;
  };

  it.each([
    ['https://public.example/', 'egress_allowed'],
    ['https://public.example./', 'egress_allowed'],
    ['https://rebind.example/', 'egress_loopback'],
    ['https://meta.example/', 'egress_cloud_metadata'],
    ['https://v6.example/', 'egress_cloud_metadata'],
    ['https://zone.example/', 'egress_link_local'],
    ['https://mapped.example/', 'egress_private_address'],
    ['https://empty.example/', 'egress_resolver_no_addresses'],
    ['https://weird.example/', 'egress_resolver_invalid_address'],
    ['https://junk.example/', 'egress_resolver_invalid_address'],
    ['https://missing.example/', 'egress_resolver_failed'],
  ])('%s -> %s', async (url, reason) => {
    expect((await checkEgress(url, { resolve })).reason).toBe(reason);
  });

  it('returns the resolved addresses for pinning and resolves the name without trailing dots', async () => {
    calls.length = 0;
    const r = await checkEgress('https://public.example./', { resolve });
    expect(r).toMatchObject({ allowed: true, addresses: table['public.example'] });
    expect(calls).toEqual(['public.example']);
  });

  it('does not resolve IP literals or already refused names', async () => {
    calls.length = 0;
    await checkEgress('https://8.8.8.8/', { resolve });
    await checkEgress('https://localhost/', { resolve });
    await checkEgress('https://public.example/', { resolve, allowHosts: ['other.example'] });
    expect(calls).toEqual([]);
  });

  it('fails closed on resolver errors unless told otherwise', async () => {
    const broken = async () => {
      throw new Error('timeout');
    };
    expect(await checkEgress('https://example.com/', { resolve: broken })).toMatchObject({
      allowed: false,
      reason: 'egress_resolver_failed',
    });
    expect(
      await checkEgress('https://example.com/', { resolve: (async () => 'x') as never }),
    ).toMatchObject({
      reason: 'egress_resolver_failed',
    });
    const open = await checkEgress('https://example.com/', {
      resolve: broken,
      onResolverError: 'allow',
    });
    expect(open).toMatchObject({ allowed: true, reason: 'egress_allowed' });
    expect('addresses' in open).toBe(false);
    // fail-open never lets a blocked answer through
    expect(
      (await checkEgress('https://rebind.example/', { resolve, onResolverError: 'allow' })).allowed,
    ).toBe(false);
  });
});
