import { describe, expect, it } from 'vitest';
import { ExampleUsageError, parseConsoleMode } from './console-options.js';

const TOKEN = { ARGSEAL_CONSOLE_AGENT_TOKEN: 'agent-token-0123456789abcdef' };
const URL = 'http://127.0.0.1:7407';

describe('parseConsoleMode', () => {
  it('is offline without --console or ARGSEAL_CONSOLE_URL (an empty env value counts as unset)', () => {
    expect(parseConsoleMode([], {})).toBeUndefined();
    expect(parseConsoleMode(['--'], { ARGSEAL_CONSOLE_URL: '' })).toBeUndefined();
  });

  it.each([
    [['--console', URL]],
    [[`--console=${URL}`]],
    [['--', '--console', URL]], // pnpm start -- --console URL
    [['--', `--console=${URL}`]],
  ])('reads the console URL from %j, the token from the env, defaults 300 s / 1 s', (argv) => {
    expect(parseConsoleMode(argv, TOKEN)).toEqual({
      url: URL,
      token: TOKEN.ARGSEAL_CONSOLE_AGENT_TOKEN,
      timeoutMs: 300_000,
      pollMs: 1000,
    });
  });

  it('takes the URL and timeout from the env; flags win over the env', () => {
    const env = { ...TOKEN, ARGSEAL_CONSOLE_URL: URL, ARGSEAL_CONSOLE_TIMEOUT: '90' };
    expect(parseConsoleMode([], env)).toMatchObject({ url: URL, timeoutMs: 90_000 });
    expect(
      parseConsoleMode(['--console=http://127.0.0.1:9000', '--timeout', '2.5'], env),
    ).toMatchObject({ url: 'http://127.0.0.1:9000', timeoutMs: 2500 });
  });

  it.each([
    [['--consol', URL], {}, 'unknown argument "--consol"'],
    [['--console'], TOKEN, '--console needs a value'],
    [['--console', '--timeout', '5'], TOKEN, '--console needs a value'],
    [['--console='], TOKEN, '--console needs a value'],
    [['--timeout', '5'], TOKEN, '--timeout needs --console URL'],
    [['--console', URL, '--timeout=0'], TOKEN, '--timeout must be a positive number'],
    [['--console', URL, '--timeout=soon'], TOKEN, '--timeout must be a positive number'],
    [
      ['--console', URL],
      { ...TOKEN, ARGSEAL_CONSOLE_TIMEOUT: '-1' },
      'ARGSEAL_CONSOLE_TIMEOUT must',
    ],
    [['--console', URL], {}, 'console mode needs ARGSEAL_CONSOLE_AGENT_TOKEN'],
    [['--console', URL], { ARGSEAL_CONSOLE_AGENT_TOKEN: '' }, 'needs ARGSEAL_CONSOLE_AGENT_TOKEN'],
  ])('refuses %j', (argv, env, message) => {
    expect(() => parseConsoleMode(argv, env)).toThrow(ExampleUsageError);
    expect(() => parseConsoleMode(argv, env)).toThrow(message);
  });
});
