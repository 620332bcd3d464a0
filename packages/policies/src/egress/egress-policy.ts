import type { PolicyDecision, ToolPolicy } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import { decide } from '../internal/decision.js';
import { compilePointers, resolvePointer } from '../internal/json-pointer.js';
import { checkEgress, compileEgressOptions, type EgressOptions } from './check-egress.js';
import type { EgressReason } from './reasons.js';

/**
 * Options of {@link egressPolicy}: the {@link EgressOptions} of the check plus where the URL
 * arguments are. Malformed options throw {@link PolicyConfigError} (`invalid_policy_options`,
 * `invalid_json_pointer`) when the policy is created.
 */
export interface EgressPolicyOptions extends EgressOptions {
  /** JSON Pointers of URL arguments (`*` matches every array element). */
  paths: readonly string[];
  /** Rule name in traces. Default `egress`. */
  name?: string;
}

/**
 * Applies {@link checkEgress} to every URL argument at `paths`. A missing URL
 * (`egress_url_missing`), a non-string (`egress_url_not_string`) or any refused URL
 * denies with the check's reason. A `*` path matching no element counts as missing.
 */
export function egressPolicy<C = unknown>(options: EgressPolicyOptions): ToolPolicy<C> {
  assertKnownOptions('egressPolicy', options, [
    'allowHosts',
    'allowPorts',
    'protocols',
    'blockHostSuffixes',
    'allowSingleLabelHosts',
    'resolve',
    'onResolverError',
    'maxUrlLength',
    'paths',
    'name',
  ]);
  const paths = compilePointers(options?.paths, 'egressPolicy: paths');
  const compiled = compileEgressOptions(options);
  const name = options.name ?? 'egress';
  const deny = (reason: EgressReason): PolicyDecision => decide(name, 'deny', reason);

  return async function egressPolicy(input) {
    const urls: string[] = [];
    for (const path of paths) {
      const hits = resolvePointer(input.parsedArguments, path);
      if (hits.length === 0) return deny('egress_url_missing');
      for (const hit of hits) {
        if (!hit.found || hit.value === null) return deny('egress_url_missing');
        if (typeof hit.value !== 'string') return deny('egress_url_not_string');
        urls.push(hit.value);
      }
    }
    for (const url of urls) {
      const verdict = await checkEgress(url, compiled);
      if (!verdict.allowed) return deny(verdict.reason);
    }
    return decide(name, 'allow', 'egress_allowed');
  };
}
