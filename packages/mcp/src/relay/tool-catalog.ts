import type { AuditSink, JsonObject } from '@argseal/core';
import { toolPinAuditEvent } from '@argseal/postgres';
import type { McpServerConfig } from '../config/config-types.js';
import { McpSealError } from '../errors.js';
import type { PinStatus, ToolPinStore } from '../pins/types.js';
import { digestDefinition } from '../seal/definition-hash.js';
import { schemaCompiles } from '../seal/json-schema-standard.js';
import { policyForTool } from '../seal/policy-rules.js';
import type { SealedToolSpec } from '../seal/sealed-tool-spec.js';
import type { Upstream } from '../transport/upstream.js';

/** Approver recorded when `pinning: 'trust-first-use'` pins a tool on first sight. */
export const FIRST_USE_APPROVER = 'argseal:first-use';
const MAX_PAGES = 100;

/** One upstream tool as the proxy knows it. */
export interface CatalogEntry {
  /** The name the host sees. */
  hostName: string;
  upstreamName: string;
  server: string;
  /** The upstream's definition object, as listed. */
  definition: JsonObject;
  definitionHash: string | undefined;
  /** Pin status of this exact definition; `invalid` when it could not be hashed. */
  status: PinStatus | 'invalid';
  pinId: string | undefined;
  spec: SealedToolSpec | undefined;
}

/** Options of {@link ToolCatalog}. */
export interface ToolCatalogOptions {
  agent: string;
  serverName: string;
  server: McpServerConfig;
  upstream: Upstream;
  pins: ToolPinStore;
  audit?: AuditSink;
  /** Prefix host-facing names with `<server>__` (more than one upstream). */
  qualify: boolean;
}

/**
 * The tools of one upstream, each hashed and reconciled with the pin store: only
 * definitions whose hash is the approved pin are visible to the host and callable.
 */
export class ToolCatalog {
  readonly #o: ToolCatalogOptions;
  #entries = new Map<string, CatalogEntry>();
  #queue: Promise<void> = Promise.resolve();
  // definition hash -> whether its inputSchema compiles (checked once per definition)
  #compiled = new Map<string, boolean>();

  constructor(options: ToolCatalogOptions) {
    this.#o = options;
  }

  get entries(): ReadonlyMap<string, CatalogEntry> {
    return this.#entries;
  }

  async #fetchAll(): Promise<JsonObject[]> {
    const tools: JsonObject[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const response = await this.#o.upstream.request('tools/list', cursor ? { cursor } : {});
      if (response.error || !Array.isArray(response.result?.tools)) {
        throw new McpSealError(
          'upstream_error',
          `upstream "${this.#o.serverName}" failed tools/list`,
        );
      }
      tools.push(...(response.result.tools as JsonObject[]));
      const nextCursor = response.result.nextCursor;
      if (typeof nextCursor !== 'string' || nextCursor === '') return tools;
      cursor = nextCursor;
    }
    return tools;
  }

  #compiles(definitionHash: string, inputSchema: unknown): boolean {
    let ok = this.#compiled.get(definitionHash);
    if (ok === undefined) {
      ok = schemaCompiles(inputSchema);
      this.#compiled.set(definitionHash, ok);
    }
    return ok;
  }

  /** Re-lists the upstream's tools and reconciles each with the pins (one refresh at a time). */
  refresh(): Promise<void> {
    const run = this.#queue.then(() => this.#refresh());
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #refresh(): Promise<void> {
    const { agent, serverName, server, pins } = this.#o;
    const next = new Map<string, CatalogEntry>();
    for (const definition of await this.#fetchAll()) {
      const upstreamName = definition.name;
      if (typeof upstreamName !== 'string' || upstreamName === '') continue;
      const hostName = this.#o.qualify ? `${serverName}__${upstreamName}` : upstreamName;
      const entry: CatalogEntry = {
        hostName,
        upstreamName,
        server: serverName,
        definition,
        definitionHash: undefined,
        status: 'invalid',
        pinId: undefined,
        spec: undefined,
      };
      next.set(hostName, entry);
      const digest = digestDefinition(definition);
      if (!digest) continue;
      entry.definitionHash = digest.definitionHash;
      const key = { agent, server: serverName, tool: upstreamName };
      let { record, pinned, changed } = await pins.observe(key, digest);
      if (changed) await this.#o.audit?.append(toolPinAuditEvent(record));
      if (record.status === 'pending' && !pinned && server.pinning === 'trust-first-use') {
        record = await pins
          .decide(record.id, { decision: 'approve', approver: FIRST_USE_APPROVER })
          // another proxy on the same store decided it first: read its decision
          .catch(async () => (await pins.observe(key, digest)).record);
      }
      entry.status = record.status;
      entry.pinId = record.id;
      const inputSchema = definition.inputSchema ?? { type: 'object' };
      // a schema ajv cannot compile (or a pattern with no linear-time form): never listed,
      // and a call is refused `invalid_definition`, not left without an answer
      if (record.status === 'approved' && !this.#compiles(digest.definitionHash, inputSchema))
        entry.status = 'invalid';
      if (entry.status === 'approved') {
        entry.spec = {
          qualifiedName: `${serverName}/${upstreamName}`,
          definitionHash: digest.definitionHash,
          inputSchema,
          policy: policyForTool(serverName, server, {
            name: upstreamName,
            annotations: definition.annotations as Record<string, unknown> | undefined,
            inputSchema: definition.inputSchema,
          }),
        };
      }
    }
    this.#entries = next;
  }

  /** The definitions the host may see: approved pins only, under their host names. */
  visibleTools(): JsonObject[] {
    const out: JsonObject[] = [];
    for (const entry of this.#entries.values()) {
      if (entry.status !== 'approved') continue;
      out.push({ ...entry.definition, name: entry.hostName });
    }
    return out;
  }

  /** Changes whenever the set of visible definitions changes. */
  signature(): string {
    return [...this.#entries.values()]
      .filter((e) => e.status === 'approved')
      .map((e) => `${e.hostName}:${e.definitionHash}`)
      .sort()
      .join(',');
  }

  /** Ids of records this catalog is waiting on (pending definitions). */
  pendingIds(): string[] {
    return [...this.#entries.values()]
      .filter((e) => e.status === 'pending' && e.pinId !== undefined)
      .map((e) => e.pinId as string);
  }
}
