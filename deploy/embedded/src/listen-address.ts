import type { AddressInfo } from 'node:net';

/** `host:port` of a bound server as it is bound (`0.0.0.0:8080`, `127.0.0.1:9464`, `[::]:9464`): what the startup log states. */
export function hostPortOf(address: AddressInfo): string {
  return `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

/** A URL this machine reaches the server at: loopback for a wildcard bind, else the bound address itself. */
export function localUrlOf(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
