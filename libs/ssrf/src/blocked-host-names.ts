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

/** A public phrase for why the (normalised) host name is refused, or null. */
export function blockedHostNameReason(hostname: string): string | null {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return 'names the local machine (localhost)';
  if (METADATA_NAMES.has(hostname)) return `names a cloud metadata service (${hostname})`;
  return null;
}
