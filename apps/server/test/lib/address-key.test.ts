import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/lib/address-key.ts';

const hex = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const groups = (n: number) => fc.array(hex, { minLength: n, maxLength: n });

describe('addressKey', () => {
  it('keeps an IPv4 address as it is, and unwraps the IPv4-mapped form', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(addressKey(ip)).toBe(ip);
        expect(addressKey(`::ffff:${ip}`)).toBe(ip);
        expect(addressKey(`::FFFF:${ip}`)).toBe(ip);
      }),
    );
  });

  it('gives every address of one IPv6 /64 the same key, however it is written', () => {
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (prefix, a, b) => {
        // fast-check's own IPv6 shapes would include mapped IPv4 (other rule, tested above).
        fc.pre(!(prefix.every((g) => g === '0') && ['0', 'ffff'].includes(a[2]!)));
        const full = (suffix: string[]) => [...prefix, ...suffix].join(':');
        const key = addressKey(full(a));
        expect(key).toMatch(/\/64$/);
        expect(addressKey(full(b))).toBe(key);
        // Upper case, leading zeros, :: compression: same address, same key.
        expect(addressKey(full(a).toUpperCase())).toBe(key);
        expect(addressKey([...prefix, ...a].map((g) => g.padStart(4, '0')).join(':'))).toBe(key);
      }),
    );
  });

  it('tells different /64s apart', () => {
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (p, q, suffix) => {
        fc.pre(p.map((g) => parseInt(g, 16)).join() !== q.map((g) => parseInt(g, 16)).join());
        fc.pre(![p, q].some((x) => x.every((g) => g === '0')));
        expect(addressKey([...p, ...suffix].join(':'))).not.toBe(
          addressKey([...q, ...suffix].join(':')),
        );
      }),
    );
  });

  it('keys any IPv6 address by a /64 or, when it maps one, by an IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const key = addressKey(ip);
        if (key.includes(':')) expect(key).toMatch(/^[0-9a-f:]+\/64$/);
        else expect(key).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      }),
    );
  });

  it('examples', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressKey('::1')).toBe('::/64');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('not an address')).toBe('not an address');
    expect(addressKey('')).toBe('');
  });
});
