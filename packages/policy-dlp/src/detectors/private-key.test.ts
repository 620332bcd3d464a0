import { describe, expect, it } from 'vitest';
import { PRIVATE_KEYS, PUBLIC_KEYS } from '../__fixtures__/private-keys/keys.js';
import { secretlintDetector } from './secretlint.js';

const detector = secretlintDetector();
const found = async (text: string) =>
  (await detector.scan(text)).map((m) => [text.slice(m.start, m.end), m.rule]);

describe('private keys: a BEGIN ... PRIVATE KEY block is a key whatever its body', () => {
  it('has real keys of every type and format to test with', () => {
    const names = PRIVATE_KEYS.map(([n]) => n);
    expect(names).toEqual(
      expect.arrayContaining([
        'rsa-pkcs1',
        'rsa-pkcs8',
        'rsa-pkcs1-encrypted',
        'rsa-pkcs8-encrypted',
        'ec-p256-sec1',
        'ec-p256-pkcs8',
        'ec-p256-sec1-encrypted',
        'ed25519-pkcs8',
        'ed25519-pkcs8-encrypted',
        'openssh-ed25519',
        'openssh-rsa',
      ]),
    );
  });

  it.each(PRIVATE_KEYS)('finds the whole %s key, in prose and alone', async (_, key) => {
    const pem = key.trim();
    expect(await found(`here is the key:\n${pem}\nthanks`)).toEqual([[pem, 'privatekey']]);
    expect(await found(pem)).toEqual([[pem, 'privatekey']]);
  });

  it.each(PRIVATE_KEYS)('finds the %s key with CRLF line ends', async (_, key) => {
    const pem = key.trim().replaceAll('\n', '\r\n');
    expect(await found(pem)).toEqual([[pem, 'privatekey']]);
  });

  it('finds a key cut off before its END line, to the end of its body', async () => {
    const lines = PRIVATE_KEYS.find(([n]) => n === 'ec-p256-sec1')![1]
      .trim()
      .split('\n');
    const cut = lines.slice(0, 3).join('\n');
    expect(await found(`${cut}\n`)).toEqual([[cut, 'privatekey']]);
    const headers = PRIVATE_KEYS.find(([n]) => n === 'rsa-pkcs1-encrypted')![1].split('\n');
    const cutHeaders = headers.slice(0, 3).join('\n');
    expect(await found(cutHeaders)).toEqual([[cutHeaders, 'privatekey']]);
  });

  it.each(PUBLIC_KEYS)('does not report the public key %s', async (_, key) => {
    expect(await detector.scan(key)).toEqual([]);
  });

  it.each([
    [
      'a BEGIN line mentioned in prose',
      'The file starts with -----BEGIN PRIVATE KEY----- and ends.',
    ],
    [
      'a BEGIN line followed by prose',
      '-----BEGIN RSA PRIVATE KEY-----\nis the first line of the file you must not paste here',
    ],
    [
      'a certificate',
      '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----',
    ],
    ['prose about keys', 'Rotate the private key every year; keep it out of tickets.'],
  ])('does not report %s', async (_, text) => {
    expect(await detector.scan(text)).toEqual([]);
  });

  it('disableRules: ["privatekey"] switches the armour check off too', async () => {
    const [, key] = PRIVATE_KEYS.find(([n]) => n === 'ed25519-pkcs8')!;
    expect(await secretlintDetector({ disableRules: ['privatekey'] }).scan(key)).toEqual([]);
  });
});
