import { describe, expect, it } from 'vitest';
import { nextPageEnd } from './use-page-of-rows';

describe('nextPageEnd', () => {
  it('is the end of the page after the rows shown', () => {
    expect(nextPageEnd(20, 20)).toBe(40);
    expect(nextPageEnd(20, 60)).toBe(60);
    expect(nextPageEnd(60, 60)).toBe(120);
    expect(nextPageEnd(75, 60)).toBe(120);
    expect(nextPageEnd(0, 60)).toBe(60);
  });
});
