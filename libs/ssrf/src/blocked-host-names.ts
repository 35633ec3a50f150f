/**
 * Names refused before any DNS query: their answers depend on the machine
 * (localhost) or they name cloud metadata services whose address may not look
 * private from inside a VPC.
 */
const METADATA_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.com',
  'metadata.tencentyun.com',
]);

/**
 * A public phrase for why the (normalised) host name is refused, or null. `privateHost`: the local
 * machine, which an operator may admit (a receiver beside the instance), unlike a metadata service.
 */
export function blockedHostName(hostname: string): { reason: string; privateHost: boolean } | null {
  if (hostname === 'localhost' || hostname.endsWith('.localhost'))
    return { reason: 'names the local machine (localhost)', privateHost: true };
  if (METADATA_NAMES.has(hostname)) return { reason: `names a cloud metadata service (${hostname})`, privateHost: false };
  return null;
}
