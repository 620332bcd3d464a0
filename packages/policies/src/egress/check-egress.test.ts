import { describe, expect, it } from 'vitest';
import { checkEgress } from './check-egress.js';
import type { EgressReason } from './reasons.js';

/** [url, expected reason]. Every spelling the WHATWG URL parser accepts for a refused host. */
const TABLE: [string, EgressReason][] = [
  // public destinations
  ['https://example.com/path?q=1', 'egress_allowed'],
  ['http://example.com:8080/', 'egress_allowed'],
  ['HTTPS://API.Example.COM/v1', 'egress_allowed'],
  ['https://8.8.8.8/', 'egress_allowed'],
  ['https://[2606:4700:4700::1111]/', 'egress_allowed'],
  ['https://xn--mnchen-3ya.de/', 'egress_allowed'],
  ['https://münchen.de/', 'egress_allowed'],
  ['https://example.com/a\\b?x', 'egress_ambiguous_url'],
  ['https://example.com/?next=http://127.0.0.1/', 'egress_allowed'],
  // schemes
  ['file:///etc/passwd', 'egress_scheme_not_allowed'],
  ['ftp://example.com/', 'egress_scheme_not_allowed'],
  ['gopher://127.0.0.1:6379/_', 'egress_scheme_not_allowed'],
  ['javascript:alert(1)', 'egress_scheme_not_allowed'],
  ['data:text/plain,hi', 'egress_scheme_not_allowed'],
  ['ws://example.com/', 'egress_scheme_not_allowed'],
  ['not a url', 'egress_invalid_url'],
  ['//example.com/', 'egress_invalid_url'],
  ['http://', 'egress_invalid_url'],
  ['http://1.2.3.4.5/', 'egress_invalid_url'],
  ['http://[fe80::1%25eth0]/', 'egress_invalid_url'],
  // userinfo
  ['http://user:pass@example.com/', 'egress_userinfo'],
  ['http://user@example.com/', 'egress_userinfo'],
  ['http://@example.com/', 'egress_userinfo'],
  ['http://example.com@127.0.0.1/', 'egress_userinfo'],
  ['http://:@example.com/', 'egress_userinfo'],
  // loopback, every IPv4 spelling
  ['http://127.0.0.1/', 'egress_loopback'],
  ['http://127.1/', 'egress_loopback'],
  ['http://127.0.1/', 'egress_loopback'],
  ['http://2130706433/', 'egress_loopback'],
  ['http://0x7f000001/', 'egress_loopback'],
  ['http://0x7f.1/', 'egress_loopback'],
  ['http://0x7F.0x0.0x0.0x1/', 'egress_loopback'],
  ['http://017700000001/', 'egress_loopback'],
  ['http://0177.0.0.01/', 'egress_loopback'],
  ['http://127.0.0.1./', 'egress_loopback'],
  ['http://127.255.255.254:8080/', 'egress_loopback'],
  ['http://１２７.０.０.１/', 'egress_loopback'],
  ['http://%31%32%37.0.0.1/', 'egress_loopback'],
  ['http://[::1]/', 'egress_loopback'],
  ['http://[0:0:0:0:0:0:0:1]/', 'egress_loopback'],
  ['http://[::ffff:127.0.0.1]/', 'egress_loopback'],
  ['http://[::ffff:7f00:1]/', 'egress_loopback'],
  ['http://[0:0:0:0:0:ffff:127.0.0.1]/', 'egress_loopback'],
  ['http://[::127.0.0.1]/', 'egress_loopback'],
  ['http://[64:ff9b::127.0.0.1]/', 'egress_loopback'],
  ['http://[::ffff:0:127.0.0.1]/', 'egress_loopback'],
  ['http://[2002:7f00:1::]/', 'egress_loopback'],
  // localhost names
  ['http://localhost/', 'egress_localhost'],
  ['http://LOCALHOST:3000/', 'egress_localhost'],
  ['http://localhost./', 'egress_localhost'],
  ['http://localhost../', 'egress_localhost'],
  ['http://api.localhost/', 'egress_localhost'],
  ['http://ⓛocalhost/', 'egress_localhost'],
  ['http://%6c%6f%63%61%6c%68%6f%73%74/', 'egress_localhost'],
  // private
  ['http://10.0.0.1/', 'egress_private_address'],
  ['http://10.255.255.255/', 'egress_private_address'],
  ['http://167772161/', 'egress_private_address'],
  ['http://012.0.0.1/', 'egress_private_address'],
  ['http://172.16.0.1/', 'egress_private_address'],
  ['http://172.31.255.255/', 'egress_private_address'],
  ['http://192.168.1.1/', 'egress_private_address'],
  ['http://0300.0250.0.1/', 'egress_private_address'],
  ['http://0xc0a80001/', 'egress_private_address'],
  ['http://[::ffff:10.0.0.1]/', 'egress_private_address'],
  ['http://[64:ff9b::192.168.0.1]/', 'egress_private_address'],
  ['http://[64:ff9b:1::1]/', 'egress_private_address'],
  ['http://[fc00::1]/', 'egress_private_address'],
  ['http://[fd12:3456:789a::1]/', 'egress_private_address'],
  ['http://[fec0::1]/', 'egress_private_address'],
  // link-local
  ['http://169.254.1.1/', 'egress_link_local'],
  ['http://[fe80::1]/', 'egress_link_local'],
  ['http://[febf::1]/', 'egress_link_local'],
  ['http://[::ffff:169.254.0.1]/', 'egress_link_local'],
  // CGNAT
  ['http://100.64.0.1/', 'egress_cgnat'],
  ['http://100.127.255.254/', 'egress_cgnat'],
  ['http://[64:ff9b::100.64.0.1]/', 'egress_cgnat'],
  // cloud metadata
  ['http://169.254.169.254/latest/meta-data/', 'egress_cloud_metadata'],
  ['http://2852039166/', 'egress_cloud_metadata'],
  ['http://0xa9fea9fe/', 'egress_cloud_metadata'],
  ['http://0251.0376.0251.0376/', 'egress_cloud_metadata'],
  ['http://169.254.43518/', 'egress_cloud_metadata'],
  ['http://[::ffff:169.254.169.254]/', 'egress_cloud_metadata'],
  ['http://[::ffff:a9fe:a9fe]/', 'egress_cloud_metadata'],
  ['http://[64:ff9b::a9fe:a9fe]/', 'egress_cloud_metadata'],
  ['http://[fd00:ec2::254]/', 'egress_cloud_metadata'],
  ['http://[FD00:EC2:0:0:0:0:0:254]/', 'egress_cloud_metadata'],
  ['http://169.254.170.2/v2/credentials', 'egress_cloud_metadata'],
  ['http://100.100.100.200/', 'egress_cloud_metadata'],
  ['http://metadata.google.internal/computeMetadata/v1/', 'egress_cloud_metadata'],
  ['http://METADATA.google.internal./', 'egress_cloud_metadata'],
  ['http://metadata/', 'egress_cloud_metadata'],
  // multicast, unspecified, broadcast, reserved
  ['http://224.0.0.1/', 'egress_multicast'],
  ['http://239.255.255.250/', 'egress_multicast'],
  ['http://[ff02::1]/', 'egress_multicast'],
  ['http://0.0.0.0/', 'egress_unspecified_address'],
  ['http://0/', 'egress_unspecified_address'],
  ['http://0x0/', 'egress_unspecified_address'],
  ['http://[::]/', 'egress_unspecified_address'],
  ['http://[::ffff:0.0.0.0]/', 'egress_unspecified_address'],
  ['http://255.255.255.255/', 'egress_broadcast'],
  ['http://4294967295/', 'egress_broadcast'],
  ['http://240.0.0.1/', 'egress_reserved_address'],
  ['http://192.0.2.1/', 'egress_reserved_address'],
  ['http://198.18.0.1/', 'egress_reserved_address'],
  ['http://[2001:db8::1]/', 'egress_reserved_address'],
  ['http://[2001::1]/', 'egress_reserved_address'],
  ['http://[100::1]/', 'egress_reserved_address'],
  ['http://[4000::1]/', 'egress_reserved_address'],
  // internal names
  ['http://db.internal/', 'egress_internal_hostname'],
  ['http://printer.local/', 'egress_internal_hostname'],
  ['http://nas.home.arpa/', 'egress_internal_hostname'],
  ['http://router.lan./', 'egress_internal_hostname'],
  ['http://intranet/', 'egress_internal_hostname'],
  ['http://kubernetes/', 'egress_single_label_host'],
  ['http://db/', 'egress_single_label_host'],
  // parser differentials
  ['http:example.com/', 'egress_ambiguous_url'],
  ['http:/example.com/', 'egress_ambiguous_url'],
  ['http:\\\\example.com/', 'egress_ambiguous_url'],
  ['http://example.com\\@127.0.0.1/', 'egress_ambiguous_url'],
  [' http://example.com/', 'egress_ambiguous_url'],
  ['http://exa\tmple.com/', 'egress_ambiguous_url'],
  ['http://example.com\n/', 'egress_ambiguous_url'],
  ['http://ex%61mple.com/', 'egress_ambiguous_url'],
  ['http://0x08.0x08.0x08.0x08/', 'egress_noncanonical_ip'],
  ['http://134744072/', 'egress_noncanonical_ip'],
  ['http://8.8.8.8./', 'egress_noncanonical_ip'],
  ['http://010.8.8.8/', 'egress_noncanonical_ip'], // octal: 8.8.8.8 here, 10.8.8.8 to a decimal parser,
];

describe('checkEgress table', () => {
  it('has at least 40 cases', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)('%j -> %s', async (url, reason) => {
    const result = await checkEgress(url);
    expect(result.reason).toBe(reason);
    expect(result.allowed).toBe(reason === 'egress_allowed');
  });
});
