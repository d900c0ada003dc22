import * as crypto from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createXsrfTokens } from '../../src/plugins/app/xsrf.ts';

// Counts the HMACs the tokens compute (the module reads createHmac from node:crypto).
vi.mock('node:crypto', async (original) => {
  const real = await original<typeof crypto>();
  return { ...real, createHmac: vi.fn(real.createHmac) };
});
const hmacs = vi.mocked(crypto.createHmac);

const SECRET = 'a-secret-of-enough-length-for-tests';

describe('anti-forgery tokens', () => {
  // (A braced body: a function returned from beforeEach is run as its teardown.)
  beforeEach(() => {
    hmacs.mockClear();
  });

  it('checks a token it has seen good without another HMAC', () => {
    const tokens = createXsrfTokens(SECRET);
    const minted = tokens.issue();
    expect(hmacs).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) expect(tokens.verify(minted)).toBe(true);
    expect(hmacs).toHaveBeenCalledTimes(1);

    // Minted by another instance sharing the secret: one HMAC on first sight, then none.
    const elsewhere = createXsrfTokens(SECRET).issue();
    hmacs.mockClear();
    for (let i = 0; i < 5; i++) expect(tokens.verify(elsewhere)).toBe(true);
    expect(hmacs).toHaveBeenCalledTimes(1);
  });

  it('never remembers a bad token: each showing is checked and refused', () => {
    const tokens = createXsrfTokens(SECRET);
    const good = tokens.issue();
    const [nonce, sig] = good.split('.');
    const flipped = sig![0] === 'A' ? 'B' : 'A';
    const bad = [
      `${nonce}.${flipped}${sig!.slice(1)}`,
      `${crypto.randomUUID()}.${sig}`,
      `${good}.x`,
      createXsrfTokens('another-secret-of-enough-length!!').issue(),
    ];
    hmacs.mockClear();
    for (let round = 0; round < 3; round++) {
      for (const token of bad) expect(tokens.verify(token), token).toBe(false);
    }
    // The token with a third part is refused before any HMAC.
    expect(hmacs).toHaveBeenCalledTimes(3 * 3);
  });

  it('stays correct past its bound: the oldest good tokens are checked again, not lost', () => {
    const tokens = createXsrfTokens(SECRET, 4);
    const minted = Array.from({ length: 10 }, () => tokens.issue());
    hmacs.mockClear();
    for (const token of minted) expect(tokens.verify(token)).toBe(true);
    // The six first were pushed out by the later ones and took an HMAC each (and pushed out
    // others in turn); every one of them still passes.
    expect(hmacs.mock.calls.length).toBeGreaterThanOrEqual(6);
    expect(tokens.verify(`${minted[0]}x`)).toBe(false);
  });
});
