/** Values assembled at run time (see corpus.ts): none is a live credential. */
export const GITHUB_TOKEN = `ghp_${'A1b2C3d4E5'.repeat(3)}A1b2C3`;
export const STRIPE_KEY = `sk_live_${'51HqLyjWDarjtT1zdp7dcXYZ'}`;
export const VISA = '4111 1111 1111 1111';
export const IBAN_DE = 'DE89 3704 0044 0532 0130 00';
export const SALT = 'test-salt-0123456789abcdef';
