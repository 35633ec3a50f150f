import { hostPortOf, localUrlOf } from './listen-address.js';

describe('listen addresses in the startup log', () => {
  it('states the interface a server is bound to, not the one a client would use', () => {
    expect(hostPortOf({ address: '0.0.0.0', family: 'IPv4', port: 9464 })).toBe('0.0.0.0:9464');
    expect(hostPortOf({ address: '127.0.0.1', family: 'IPv4', port: 9464 })).toBe('127.0.0.1:9464');
    expect(hostPortOf({ address: '::', family: 'IPv6', port: 9464 })).toBe('[::]:9464');
  });

  it('reaches a wildcard bind over loopback and any other bind at its own address', () => {
    expect(localUrlOf({ address: '0.0.0.0', family: 'IPv4', port: 1 })).toBe('http://127.0.0.1:1');
    expect(localUrlOf({ address: '::', family: 'IPv6', port: 1 })).toBe('http://127.0.0.1:1');
    expect(localUrlOf({ address: '10.0.0.5', family: 'IPv4', port: 1 })).toBe('http://10.0.0.5:1');
    expect(localUrlOf({ address: '::1', family: 'IPv6', port: 1 })).toBe('http://[::1]:1');
  });
});
