import type { AuditSink, JsonObject } from '@argseal/core';
import type { McpServerConfig } from '../config/config-types.js';
import type { ToolPinStore } from '../pins/types.js';
import type { Upstream } from '../transport/upstream.js';
import { type CatalogEntry, ToolCatalog } from './tool-catalog.js';

/** Default interval at which pending definitions are re-read from the pin store. */
const DEFAULT_PIN_POLL_MS = 2_000;

/** A tool definition withheld until an approver decides it. */
export interface PendingDefinition {
  server: string;
  tool: string;
  /** The pin record's id (`argseal approve --mcp <id>`). */
  id: string;
}

/** One upstream with its config, as the relay gets it. */
export interface UpstreamServer {
  name: string;
  config: McpServerConfig;
  upstream: Upstream;
}

/**
 * The tool catalogs of every upstream. Notices pin decisions made elsewhere (console,
 * CLI) by polling the store while definitions are pending, and calls `onChanged` when the
 * set of definitions the host may see changed.
 */
export class ToolLists {
  readonly #catalogs = new Map<string, ToolCatalog>();
  readonly #upstreams = new Map<string, Upstream>();
  readonly #pins: ToolPinStore;
  readonly #pollMs: number;
  #loaded = false;
  #signature = '';
  #pendingSignature = '';
  #timer: ReturnType<typeof setInterval> | undefined;
  onChanged?: () => void;
  /** Called when the set of definitions waiting for an approver changed (and is not empty). */
  onPending?: (pending: readonly PendingDefinition[]) => void;

  constructor(
    agent: string,
    servers: readonly UpstreamServer[],
    pins: ToolPinStore,
    audit: AuditSink | undefined,
    pollMs = DEFAULT_PIN_POLL_MS,
  ) {
    this.#pins = pins;
    this.#pollMs = pollMs;
    for (const s of servers) {
      this.#upstreams.set(s.name, s.upstream);
      this.#catalogs.set(
        s.name,
        new ToolCatalog({
          agent,
          serverName: s.name,
          server: s.config,
          upstream: s.upstream,
          pins,
          audit,
          qualify: servers.length > 1,
        }),
      );
    }
  }

  /** Re-lists the given upstreams (all by default); notifies when the visible set changed. */
  async refresh(names?: readonly string[]): Promise<void> {
    const chosen = names ?? [...this.#catalogs.keys()];
    await Promise.all(chosen.map((n) => this.#catalogs.get(n)?.refresh()));
    this.#loaded = true;
    const signature = [...this.#catalogs.values()].map((c) => c.signature()).join('|');
    const changed = signature !== this.#signature;
    this.#signature = signature;
    this.#schedulePoll();
    if (changed) this.onChanged?.();
    const pending = this.pending();
    const pendingSignature = pending.map((p) => p.id).join(',');
    if (pendingSignature !== this.#pendingSignature && pending.length > 0)
      this.onPending?.(pending);
    this.#pendingSignature = pendingSignature;
  }

  /** Definitions withheld until an approver decides them. */
  pending(): PendingDefinition[] {
    const out: PendingDefinition[] = [];
    for (const c of this.#catalogs.values()) {
      for (const e of c.entries.values()) {
        if (e.status === 'pending' && e.pinId !== undefined)
          out.push({ server: e.server, tool: e.upstreamName, id: e.pinId });
      }
    }
    return out;
  }

  /** Whether the upstreams were listed once. */
  get loaded(): boolean {
    return this.#loaded;
  }

  async ensureLoaded(): Promise<void> {
    if (!this.#loaded) await this.refresh();
  }

  visibleTools(): JsonObject[] {
    return [...this.#catalogs.values()].flatMap((c) => c.visibleTools());
  }

  find(hostName: string): CatalogEntry | undefined {
    for (const c of this.#catalogs.values()) {
      const entry = c.entries.get(hostName);
      if (entry) return entry;
    }
    return undefined;
  }

  /** The upstream of a configured server name. */
  upstreamOf(server: string): Upstream {
    return this.#upstreams.get(server) as Upstream;
  }

  #schedulePoll(): void {
    const pending = [...this.#catalogs.values()].flatMap((c) => c.pendingIds());
    if (pending.length === 0) {
      this.stop();
      return;
    }
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.#poll(), this.#pollMs);
    this.#timer.unref?.();
  }

  async #poll(): Promise<void> {
    const pending = [...this.#catalogs.values()].flatMap((c) => c.pendingIds());
    for (const id of pending) {
      const record = await this.#pins.get(id).catch(() => undefined);
      if (record && record.status !== 'pending') {
        await this.refresh().catch(() => undefined);
        return;
      }
    }
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
