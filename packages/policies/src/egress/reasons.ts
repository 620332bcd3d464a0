/** Stable reasons returned by {@link checkEgress} and {@link egressPolicy}. */
export type EgressReason =
  | 'egress_allowed'
  | 'egress_invalid_url'
  | 'egress_url_too_long'
  | 'egress_scheme_not_allowed'
  | 'egress_userinfo'
  | 'egress_ambiguous_url'
  | 'egress_noncanonical_ip'
  | 'egress_port_not_allowed'
  | 'egress_loopback'
  | 'egress_localhost'
  | 'egress_private_address'
  | 'egress_link_local'
  | 'egress_cgnat'
  | 'egress_multicast'
  | 'egress_unspecified_address'
  | 'egress_broadcast'
  | 'egress_reserved_address'
  | 'egress_cloud_metadata'
  | 'egress_internal_hostname'
  | 'egress_single_label_host'
  | 'egress_host_not_allowlisted'
  | 'egress_resolver_failed'
  | 'egress_resolver_no_addresses'
  | 'egress_resolver_invalid_address'
  | 'egress_url_missing'
  | 'egress_url_not_string';

/** Reasons an IP address is refused. */
export type AddressReason = Extract<
  EgressReason,
  | 'egress_loopback'
  | 'egress_private_address'
  | 'egress_link_local'
  | 'egress_cgnat'
  | 'egress_multicast'
  | 'egress_unspecified_address'
  | 'egress_broadcast'
  | 'egress_reserved_address'
  | 'egress_cloud_metadata'
>;
