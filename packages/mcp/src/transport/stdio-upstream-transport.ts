import { type ChildProcess, spawn } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LineReader } from './line-reader.js';

/** Largest line an upstream may send (the SDK's stdio buffer limit). */
const MAX_LINE_BYTES = 10 * 1_048_576;
const CLOSE_GRACE_MS = 2_000;

/** How {@link StdioUpstreamTransport} starts the upstream server. */
export interface StdioUpstreamParameters {
  command: string;
  args?: readonly string[];
  /** Added to the SDK's safe default environment (`getDefaultEnvironment`). */
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

const isMessage = (v: unknown): v is JSONRPCMessage =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  (v as { jsonrpc?: unknown }).jsonrpc === '2.0';

/**
 * The proxy's side of a stdio upstream (POSIX): spawns the server like the SDK's
 * StdioClientTransport (same safe environment, no shell, stderr inherited) and frames
 * newline-delimited JSON-RPC, but hands each line over after one `JSON.parse` and a shape
 * check instead of the SDK's per-message schema parse: the relay reads only `id`, `method`
 * and `result`/`error` of upstream messages, and what it forwards is re-serialized.
 * Lines that are not JSON-RPC objects go to `onerror` and are dropped. `close` ends stdin,
 * then sends SIGTERM and SIGKILL after two seconds each, as the SDK does.
 */
export class StdioUpstreamTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  readonly #params: StdioUpstreamParameters;
  readonly #lines = new LineReader(MAX_LINE_BYTES, (line) => this.#line(line));
  #child: ChildProcess | undefined;

  constructor(params: StdioUpstreamParameters) {
    this.#params = params;
  }

  start(): Promise<void> {
    if (this.#child) throw new Error('StdioUpstreamTransport already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.#params.command, [...(this.#params.args ?? [])], {
        env: { ...getDefaultEnvironment(), ...this.#params.env },
        stdio: ['pipe', 'pipe', 'inherit'],
        shell: false,
        ...(this.#params.cwd !== undefined ? { cwd: this.#params.cwd } : {}),
      });
      this.#child = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => resolve());
      child.on('close', () => {
        this.#child = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.#lines.push(chunk));
    });
  }

  #line(line: Buffer | undefined): void {
    if (line === undefined) {
      this.onerror?.(new Error('upstream message longer than 10 MiB dropped'));
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line.toString('utf8'));
    } catch {
      this.onerror?.(new Error('upstream sent a line that is not JSON'));
      return;
    }
    if (isMessage(value)) this.onmessage?.(value);
    else this.onerror?.(new Error('upstream sent a line that is not a JSON-RPC message'));
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (!stdin) return Promise.reject(new Error('Not connected'));
    if (stdin.write(`${JSON.stringify(message)}\n`)) return Promise.resolve();
    return new Promise((resolve) => stdin.once('drain', resolve));
  }

  async close(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = undefined;
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const within = () =>
      Promise.race([closed, new Promise((r) => setTimeout(r, CLOSE_GRACE_MS).unref())]);
    child.stdin?.end();
    await within();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await within();
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
