import ipaddr from 'ipaddr.js';

export type ParsedAddress = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Why an address is refused, as a public phrase ("a loopback address"). `privateNetwork` marks the
 * operator's own networks (loopback, private ranges, CGNAT as VPN overlays use it): the ones an
 * allow-list entry is meant for, so the refusal says how to admit them.
 */
export type AddressVerdict = { blocked: false } | { blocked: true; kind: string; privateNetwork: boolean };

/** Ranges of the operator's own networks. Link-local stays out: admitting 169.254/16 would admit the metadata service. */
const PRIVATE_NETWORK_V4 = new Set(['loopback', 'private', 'carrierGradeNat']);
const PRIVATE_NETWORK_V6 = new Set(['loopback', 'uniqueLocal']);

const V4_KINDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  reserved: 'a reserved address',
  as112: 'a reserved address',
  amt: 'a reserved address',
};

const V6_KINDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  loopback: 'a loopback address',
  uniqueLocal: 'a private network address',
  deprecatedSiteLocal: 'a site-local address',
  teredo: 'a Teredo tunnel address',
};

/** The cloud metadata endpoints (AWS, GCP, Azure, OpenStack on v4; AWS on v6) get their own, clearer phrase. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254']);

/** Global unicast space; anything outside it that ipaddr.js still calls "unicast" (e.g. IPv4-compatible ::7f00:1) is unallocated. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

export function parseAddress(ip: string): ParsedAddress | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // isValid alone accepts shorthand like "127.1"; the four-part check keeps literals honest.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

/** The IPv4 address an IPv6 address wraps (mapped, SIIT, NAT64, 6to4), if any. */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const bytes = address.toByteArray();
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return new ipaddr.IPv4(bytes.slice(12, 16));
    case '6to4':
      return new ipaddr.IPv4(bytes.slice(2, 6));
    default:
      return null;
  }
}

export function classifyAddress(address: ParsedAddress): AddressVerdict {
  if (METADATA_ADDRESSES.has(address.toString())) return { blocked: true, kind: 'a cloud metadata address', privateNetwork: false };
  if (address.kind() === 'ipv4') {
    const range = (address as ipaddr.IPv4).range();
    if (range === 'unicast') return { blocked: false };
    return { blocked: true, kind: V4_KINDS[range] ?? 'a reserved address', privateNetwork: PRIVATE_NETWORK_V4.has(range) };
  }
  const v6 = address as ipaddr.IPv6;
  const inner = embeddedIPv4(v6);
  if (inner) {
    const verdict = classifyAddress(inner);
    return verdict.blocked ? { ...verdict, kind: `${verdict.kind} wrapped in IPv6` } : verdict;
  }
  const range = v6.range();
  if (range === 'unicast' && v6.match(GLOBAL_UNICAST_V6)) return { blocked: false };
  return { blocked: true, kind: V6_KINDS[range] ?? 'a reserved address', privateNetwork: PRIVATE_NETWORK_V6.has(range) };
}

/** The form an address is compared and shown in: IPv4-mapped IPv6 becomes plain IPv4. */
export function canonicalAddress(address: ParsedAddress): ParsedAddress {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address();
  }
  return address;
}
