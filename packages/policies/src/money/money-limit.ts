import type { JsonValue, PolicyDecision, ToolPolicy } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import { PolicyConfigError } from '../errors.js';
import { decide } from '../internal/decision.js';
import { compilePointer, resolvePointer } from '../internal/json-pointer.js';

/** Limits for one currency, in integer minor units (cents for USD, yen for JPY). */
export interface CurrencyLimit {
  /** Amounts above this are denied (`money_above_ceiling`). */
  ceiling: number;
  /** Amounts above this (and not above `ceiling`) require approval. Omitted: no approval step. */
  approvalAbove?: number;
}

/**
 * Options of {@link moneyLimit}. Malformed options (missing `limits`, limits that are not
 * non-negative safe integers, `approvalAbove` above `ceiling`) throw
 * {@link PolicyConfigError} `invalid_policy_options` when the policy is created.
 */
export interface MoneyLimitOptions {
  /** JSON Pointer of the amount, an integer in minor units. Default `/amount`. */
  amount?: string;
  /** JSON Pointer of the currency code. Default `/currency`. */
  currency?: string;
  /** Per-currency limits. Currencies are matched exactly (`usd` is not `USD`). */
  limits: Readonly<Record<string, CurrencyLimit>>;
  /** Allow negative amounts (refunds); by default they are denied (`money_negative`). */
  allowNegative?: boolean;
  /** Rule name in traces. Default `moneyLimit`. */
  name?: string;
}

/** Stable reasons returned by {@link moneyLimit}. */
export type MoneyLimitReason =
  | 'money_amount_missing'
  | 'money_amount_is_string'
  | 'money_amount_not_number'
  | 'money_not_finite'
  | 'money_not_integer'
  | 'money_unsafe_integer'
  | 'money_negative'
  | 'money_currency_missing'
  | 'money_currency_not_string'
  | 'money_unknown_currency'
  | 'money_above_ceiling'
  | 'money_above_approval_threshold'
  | 'money_within_limit';

function isLimitNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function compileLimits(
  limits: unknown,
): Map<string, { ceiling: number; approvalAbove: number | undefined }> {
  if (typeof limits !== 'object' || limits === null || Array.isArray(limits)) {
    throw new PolicyConfigError(
      'invalid_policy_options',
      'moneyLimit: limits must be an object keyed by currency',
    );
  }
  const table = new Map<string, { ceiling: number; approvalAbove: number | undefined }>();
  for (const [code, limit] of Object.entries(limits)) {
    const where = `moneyLimit: limits.${code}`;
    if (code === '' || typeof limit !== 'object' || limit === null) {
      throw new PolicyConfigError(
        'invalid_policy_options',
        `${where} must be { ceiling, approvalAbove? }`,
      );
    }
    const { ceiling, approvalAbove } = limit as CurrencyLimit;
    if (!isLimitNumber(ceiling)) {
      throw new PolicyConfigError(
        'invalid_policy_options',
        `${where}.ceiling must be a non-negative safe integer`,
      );
    }
    if (approvalAbove !== undefined && (!isLimitNumber(approvalAbove) || approvalAbove > ceiling)) {
      throw new PolicyConfigError(
        'invalid_policy_options',
        `${where}.approvalAbove must be a non-negative safe integer not above ceiling`,
      );
    }
    table.set(code, { ceiling, approvalAbove });
  }
  if (table.size === 0) {
    throw new PolicyConfigError(
      'invalid_policy_options',
      'moneyLimit: limits must name at least one currency',
    );
  }
  return table;
}

function amountProblem(value: JsonValue): MoneyLimitReason | undefined {
  if (typeof value === 'string') return 'money_amount_is_string';
  if (typeof value !== 'number') return 'money_amount_not_number';
  if (!Number.isFinite(value)) return 'money_not_finite';
  if (!Number.isInteger(value)) return 'money_not_integer';
  if (!Number.isSafeInteger(value)) return 'money_unsafe_integer';
  return undefined;
}

/**
 * Denies amounts above a per-currency ceiling and requires approval above a threshold.
 * The amount must be a JSON number that is a safe integer in minor units: floats,
 * numeric strings, non-finite and unsafe integers are denied, never coerced. An unknown
 * or missing currency is denied. The limits table is copied at construction.
 */
export function moneyLimit<C = unknown>(options: MoneyLimitOptions): ToolPolicy<C> {
  assertKnownOptions('moneyLimit', options, [
    'amount',
    'currency',
    'limits',
    'allowNegative',
    'name',
  ]);
  if (typeof options !== 'object' || options === null) {
    throw new PolicyConfigError('invalid_policy_options', 'moneyLimit: options are required');
  }
  const name = options.name ?? 'moneyLimit';
  const amountPath = compilePointer(options.amount ?? '/amount', 'moneyLimit: amount');
  const currencyPath = compilePointer(options.currency ?? '/currency', 'moneyLimit: currency');
  if (amountPath.segments.includes('*') || currencyPath.segments.includes('*')) {
    throw new PolicyConfigError(
      'invalid_policy_options',
      'moneyLimit: amount and currency must name one value (no "*")',
    );
  }
  const table = compileLimits(options.limits);
  const allowNegative = options.allowNegative === true;
  const deny = (reason: MoneyLimitReason): PolicyDecision => decide(name, 'deny', reason);

  return function moneyLimit(input) {
    const [amountHit] = resolvePointer(input.parsedArguments, amountPath);
    if (!amountHit?.found || amountHit.value === null) return deny('money_amount_missing');
    const problem = amountProblem(amountHit.value);
    if (problem) return deny(problem);
    const amount = amountHit.value as number;
    if (amount < 0 && !allowNegative) return deny('money_negative');

    const [currencyHit] = resolvePointer(input.parsedArguments, currencyPath);
    if (!currencyHit?.found || currencyHit.value === null) return deny('money_currency_missing');
    if (typeof currencyHit.value !== 'string') return deny('money_currency_not_string');
    const limit = table.get(currencyHit.value);
    if (!limit) return deny('money_unknown_currency');

    const magnitude = Math.abs(amount);
    if (magnitude > limit.ceiling) return deny('money_above_ceiling');
    if (limit.approvalAbove !== undefined && magnitude > limit.approvalAbove) {
      return decide(name, 'require_approval', 'money_above_approval_threshold');
    }
    return decide(name, 'allow', 'money_within_limit');
  };
}
