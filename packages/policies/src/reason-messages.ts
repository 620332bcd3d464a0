import type { ReasonMessages } from '@argseal/core/data';
import type { EgressReason } from './egress/reasons.js';
import type { IdsReason } from './ids/ids-from-server-list.js';
import type { MoneyLimitReason } from './money/money-limit.js';

type PolicyReason =
  | EgressReason
  | IdsReason
  | MoneyLimitReason
  | 'no_rule_matched'
  | 'denied_by_default'
  | 'approval_required'
  | 'approval_groups_conflict'
  | 'scope_missing';

/**
 * A human message for every reason code these policies decide with, for the approval console
 * (`createConsoleServer` shows it next to the code). Keyed by code; complete by type.
 */
export const POLICY_REASON_MESSAGES: ReasonMessages = Object.freeze({
  approval_groups_conflict:
    'Two rules ask for approvers from different groups; no single approval rule can require both, so the call is refused.',
  money_amount_missing: 'The call has no amount.',
  money_amount_is_string: 'The amount is text, not a number.',
  money_amount_not_number: 'The amount is not a number.',
  money_not_finite: 'The amount is not a finite number.',
  money_not_integer: 'The amount is not a whole number of minor units (cents).',
  money_unsafe_integer: 'The amount is too large to be exact.',
  money_negative: 'The amount is negative.',
  money_currency_missing: 'The call names no currency.',
  money_currency_not_string: 'The currency is not a currency code.',
  money_unknown_currency: 'The currency has no configured limit.',
  money_above_ceiling: 'The amount is above the hard limit for this currency.',
  money_above_approval_threshold: 'The amount is above the limit that runs without approval.',
  money_within_limit: 'The amount is within the limit.',
  id_missing: 'An id the policy checks is missing.',
  id_blank: 'An id the policy checks is blank.',
  id_invalid_type: 'An id the policy checks is not text.',
  id_not_in_server_list: 'An id is not one the server lists for this customer.',
  id_server_list_missing: 'The server gave no list of allowed ids.',
  id_server_list_invalid: 'The server list of allowed ids is malformed.',
  id_server_list_empty: 'The server lists no allowed ids.',
  id_server_list_unavailable: 'The server list of allowed ids could not be read.',
  ids_in_server_list: 'Every id is one the server lists for this customer.',
  egress_allowed: 'The address is allowed.',
  egress_invalid_url: 'The address is not a valid URL.',
  egress_scheme_not_allowed: 'The URL scheme is not allowed.',
  egress_userinfo: 'The URL carries a user name or password.',
  egress_ambiguous_url: 'The URL is written ambiguously.',
  egress_noncanonical_ip: 'The URL writes an IP address in an unusual form.',
  egress_port_not_allowed: 'The port is not allowed.',
  egress_loopback: 'The address points at this machine.',
  egress_localhost: 'The address points at this machine.',
  egress_private_address: 'The address is in a private network.',
  egress_link_local: 'The address is link-local.',
  egress_cgnat: 'The address is in a carrier-grade NAT range.',
  egress_multicast: 'The address is a multicast address.',
  egress_unspecified_address: 'The address is unspecified (0.0.0.0 or ::).',
  egress_broadcast: 'The address is a broadcast address.',
  egress_reserved_address: 'The address is in a reserved range.',
  egress_cloud_metadata: 'The address is a cloud metadata service.',
  egress_internal_hostname: 'The host name is internal.',
  egress_single_label_host: 'The host name has no domain.',
  egress_host_not_allowlisted: 'The host is not on the allow list.',
  egress_resolver_failed: 'The host name could not be resolved.',
  egress_resolver_no_addresses: 'The host name resolved to no address.',
  egress_resolver_invalid_address: 'The host name resolved to an invalid address.',
  egress_url_missing: 'The call has no URL.',
  egress_url_not_string: 'The URL is not text.',
  egress_url_too_long: 'The URL is longer than the allowed maximum.',
  no_rule_matched: 'No policy rule covers this tool.',
  denied_by_default: 'This call is denied by policy.',
  approval_required: 'This call always needs a person to approve it.',
  scope_missing: 'The server context carries no scope for this call.',
} satisfies Record<PolicyReason, string>);
