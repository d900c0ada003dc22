import { afterEach, describe, expect, it } from 'vitest';
import { peekInitialData, resetInitialData, takeInitialData } from './initial-data';

describe('initial data inlined by the server', () => {
  afterEach(() => {
    document.getElementById('kj-data')?.remove();
    resetInitialData();
  });

  function inline(text: string) {
    const script = document.createElement('script');
    script.id = 'kj-data';
    script.type = 'application/json';
    script.textContent = text;
    document.head.append(script);
  }

  it('serves each entry once, then nothing', () => {
    inline(JSON.stringify({ 'games.json': [{ id: 110 }] }));
    expect(takeInitialData('games.json')).toEqual([{ id: 110 }]);
    expect(takeInitialData('games.json')).toBeUndefined();
    expect(takeInitialData('config.json')).toBeUndefined();
  });

  it('can be read without using it up, until it is taken', () => {
    inline(JSON.stringify({ 'news?page=1&pageSize=10': { items: [], total: 0 } }));
    const key = 'news?page=1&pageSize=10';
    expect(peekInitialData(key)).toEqual({ items: [], total: 0 });
    expect(peekInitialData(key)).toEqual({ items: [], total: 0 });
    expect(takeInitialData(key)).toEqual({ items: [], total: 0 });
    expect(peekInitialData(key)).toBeUndefined();
  });

  it('ignores a missing or broken block', () => {
    expect(takeInitialData('games.json')).toBeUndefined();
    resetInitialData();
    inline('{not json');
    expect(takeInitialData('games.json')).toBeUndefined();
  });
});
