import Fastify from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientAddress, frameworkTrust, type TrustProxy } from '../../src/lib/client-address.ts';

// The live socket's upgrade is answered before the framework makes a request object; its address
// and host must be the ones the framework would have given the route, or the per-address cap would
// count someone else. So every case is asked of both, through the framework itself.
const TRUSTS: TrustProxy[] = [false, true, 1, 2, ['127.0.0.1'], ['10.0.0.0/8', '127.0.0.1']];

const address = fc.constantFrom(
  '127.0.0.1',
  '10.1.2.3',
  '203.0.113.9',
  '198.51.100.7',
  '::1',
  '2001:db8::5',
  '::ffff:10.0.0.8',
  'not-an-address',
);
const header = fc.option(
  fc.array(address, { minLength: 1, maxLength: 4 }).map((xs) => xs.join(', ')),
  { nil: undefined },
);
const forwardedHost = fc.option(
  fc
    .array(fc.constantFrom('kj.example', 'evil.example:8443', 'cdn.example'), {
      minLength: 1,
      maxLength: 3,
    })
    .map((xs) => xs.join(',')),
  { nil: undefined },
);

describe('client address before the framework', () => {
  it('hands a hop count to the framework as that many trusted hops', () => {
    const trust = frameworkTrust(1);
    expect(typeof trust).toBe('function');
    const hop = trust as (a: string, i: number) => boolean;
    expect([hop('127.0.0.1', 0), hop('127.0.0.1', 1)]).toEqual([true, false]);
    expect(frameworkTrust(false)).toBe(false);
    expect(frameworkTrust(['127.0.0.1'])).toEqual(['127.0.0.1']);
  });

  for (const trust of TRUSTS) {
    it(`finds the address and host the framework finds (TRUST_PROXY ${JSON.stringify(trust)})`, async () => {
      const ours = clientAddress(trust);
      const app = Fastify({ trustProxy: frameworkTrust(trust) });
      app.get('/', async (request) => ({
        framework: { ip: request.ip, host: request.host },
        ours: { ip: ours.ip(request.raw), host: ours.host(request.raw) },
      }));
      await app.ready();
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('127.0.0.1', '10.9.9.9', '203.0.113.50', '::1'),
            header,
            forwardedHost,
            async (peer, forwardedFor, forwarded) => {
              const res = await app.inject({
                url: '/',
                remoteAddress: peer,
                headers: {
                  host: 'kj.test:8080',
                  ...(forwardedFor !== undefined && { 'x-forwarded-for': forwardedFor }),
                  ...(forwarded !== undefined && { 'x-forwarded-host': forwarded }),
                },
              });
              const { framework, ours: got } = res.json();
              expect(got).toEqual(framework);
            },
          ),
          { numRuns: 150 },
        );
      } finally {
        await app.close();
      }
    });
  }
});
