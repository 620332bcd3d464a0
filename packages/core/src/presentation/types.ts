/** How the console shows one argument value. */
export type PresentationFormat =
  | 'text'
  | 'money'
  | 'number'
  | 'date'
  | 'datetime'
  | 'id'
  | 'boolean';

/** Display metadata for one argument field, declared with the tool. */
export interface FieldPresentation {
  /** Label shown in the field table, e.g. `Amount`. Default: the field name. */
  label?: string;
  /** How the value is shown. Default `text` (numbers: `number`). */
  format?: PresentationFormat;
  /**
   * `money` only: the field (top-level name or JSON Pointer) holding the ISO 4217 currency
   * code. The amount is read as integer minor units of that currency (cents for EUR).
   */
  currencyField?: string;
  /** `money` only: a fixed ISO 4217 currency when the arguments carry none. */
  currency?: string;
}

/**
 * Labels the application takes from its own server-side context (never from the model's
 * arguments), shown on the proposal and in the list. `requester` is the requesting user's
 * identity; four-eyes rules can bar them from approving their own call.
 */
export interface ContextLabels {
  customer?: string | undefined;
  conversation?: string | undefined;
  requester?: string | undefined;
  [label: string]: string | undefined;
}

/**
 * Display metadata declared with a tool (`defineTool({ presentation })`). It changes how the
 * console shows a call, never what runs: it is not part of any hash.
 */
export interface ToolPresentation<Context = unknown> {
  /** Short title, e.g. `Refund`. */
  title?: string;
  /**
   * One-sentence template rendered from the arguments that run, e.g.
   * `Refund {amount} on order {orderId}`; `{name}` is a top-level field or `{/a/b}` a JSON
   * Pointer, formatted as declared in `fields`.
   */
  summary?: string;
  /** Labels and formats keyed by top-level field name or JSON Pointer; listed in this order. */
  fields?: Readonly<Record<string, FieldPresentation>>;
  /** Labels from the server-side context of the call (customer, conversation, requester). */
  context?: (context: Context) => ContextLabels | undefined;
  /** `high`: the console asks the approver to confirm (a policy decision's `risk` wins). */
  risk?: 'high';
}

/** One field of a {@link ProposalPresentation}. */
export interface PresentedField {
  /** JSON Pointer into the arguments. */
  path: string;
  label?: string;
  format?: PresentationFormat;
  /** JSON Pointer of the currency code (`money`). */
  currencyPath?: string;
  /** Fixed currency (`money`). */
  currency?: string;
}

/**
 * What a suspended proposal carries in `presentation` (JSON, stored verbatim, never hashed).
 * Values are never copied here: the console renders them from `argsCanonicalJson`, so the
 * sentence and the table always show the arguments that run.
 */
export interface ProposalPresentation {
  version: 1;
  title?: string;
  summary?: string;
  fields?: PresentedField[];
  /** Server-context labels, e.g. `{ customer: 'C-42', requester: 'dana' }`. */
  context?: Record<string, string>;
  /** True when the tool's `context` function threw: no labels could be taken. */
  contextUnavailable?: true;
  risk?: 'high';
}
