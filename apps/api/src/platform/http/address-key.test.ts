import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address whole, an IPv4-mapped one as its IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.8')).not.toBe(addressKey('203.0.113.7'));
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 by its /64, however it is written', () => {
    const key = '2001:db8:a:b::/64';
    for (const ip of [
      '2001:db8:a:b::1',
      '2001:0DB8:000A:000B:ffff:ffff:ffff:ffff',
      '2001:db8:a:b:1:2:3:4',
      '2001:db8:a:b::1.2.3.4',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:a:b::9'),
    ]) {
      expect(addressKey(ip)).toBe(key);
    }
    expect(addressKey('2001:db8:a:c::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('keeps what is no address as it is (nothing thrown)', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not-an-ip')).toBe('not-an-ip');
    expect(addressKey(':::::')).toBe(':::::');
  });
});
