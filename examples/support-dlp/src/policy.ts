import { createDlp } from '@argseal/policy-dlp';

/**
 * What the support agent may send out. Card numbers are redacted (the reply still goes
 * out, with a placeholder); an IBAN going to a vendor needs a supervisor; secrets never
 * leave. The salt is fixed here so the demo prints stable hashes: use your own secret.
 */
export const dlp = createDlp({
  salt: 'example-support-dlp-salt',
  detectors: { secret: 'deny', card_number: 'redact', iban: 'require_approval' },
});
