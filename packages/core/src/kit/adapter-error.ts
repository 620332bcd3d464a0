import { ArgsealError } from '../errors.js';

/** What an adapter error may name besides its code: never the arguments. */
export interface AdapterErrorDetails {
  /** The tool the error is about; the message is prefixed `tool "<name>": `. */
  tool?: string;
  /** The proposal the error is about. */
  proposalHash?: string;
  cause?: unknown;
}

/**
 * Base of every adapter's error class: a typed stable `code`, the tool and proposal it is
 * about, and a message that names the tool but never the arguments. Adapters subclass it
 * with their code union, name and `isInstance` marker.
 */
export class ArgsealAdapterError<Code extends string = string> extends ArgsealError {
  declare readonly code: Code;
  readonly tool: string | undefined;
  readonly proposalHash: string | undefined;

  constructor(code: Code, message: string, details: AdapterErrorDetails = {}) {
    const text = details.tool === undefined ? message : `tool "${details.tool}": ${message}`;
    super(code, text, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ArgsealAdapterError';
    this.tool = details.tool;
    this.proposalHash = details.proposalHash;
  }
}
