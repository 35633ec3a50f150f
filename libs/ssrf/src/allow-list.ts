import ipaddr from 'ipaddr.js';
import { canonicalAddress, type ParsedAddress } from './address-classification.js';

/**
 * PRESSROOM_ALLOW_PRIVATE_HOSTS: exact host names (`localhost`, `minio.internal`)
 * and addresses or CIDRs (`127.0.0.1`, `10.0.0.0/8`, `::1/128`) that may be
 * fetched although the default policy blocks them.
 */
export interface AllowList {
  allowsHost(hostname: string): boolean;
  allowsAddress(address: ParsedAddress): boolean;
}

export function normaliseHostname(hostname: string): string {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return bare.toLowerCase().replace(/\.$/, '');
}

export function parseAllowList(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const ranges: [ParsedAddress, number][] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    if (entry.includes('/')) {
      try {
        ranges.push(ipaddr.parseCIDR(entry));
      } catch {
        throw new Error(`allow-list entry ${JSON.stringify(entry)} is not a valid CIDR`);
      }
    } else if (ipaddr.isValid(normaliseHostname(entry)) && /^[\d.]+$|:/.test(entry)) {
      const address = canonicalAddress(ipaddr.parse(normaliseHostname(entry)));
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else {
      hosts.add(normaliseHostname(entry));
    }
  }
  return {
    allowsHost: (hostname) => hosts.has(normaliseHostname(hostname)),
    allowsAddress(address) {
      const candidate = canonicalAddress(address);
      return ranges.some(([network, bits]) => candidate.kind() === network.kind() && candidate.match(network, bits));
    },
  };
}
