import { describe, expect, it } from 'vitest';
import { storage } from '../storage/storage';
import { loadRuntimeConfig, normaliseApiUrl } from './runtime-config';

function docWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument();
  doc.head.innerHTML = `<script id="kj-config" type="application/json">${json}</script>`;
  return doc;
}

describe('runtime config', () => {
  it('reads what the server injected', () => {
    const config = loadRuntimeConfig(
      docWith(
        '{"companyCode":"kj","apiBase":"/app-api","staticHost":"","liveHosts":[],"version":"1.0.2"}',
      ),
      false,
    );
    expect(config).toMatchObject({ companyCode: 'kj', apiBase: '/app-api', version: '1.0.2' });
  });

  it('uses stored addresses in the app build', () => {
    storage.set('apiUrl', 'https://api.example.com');
    storage.set('staticHost', 'https://static.example.com/');
    const config = loadRuntimeConfig(docWith('{}'), true);
    expect(config.apiBase).toBe('https://api.example.com/app-api');
    expect(config.staticHost).toBe('https://static.example.com');
  });

  it('in the app build, data files and the live socket default to the API origin', () => {
    storage.set('apiUrl', 'https://api.example.com:8443/app-api');
    storage.remove('staticHost');
    const config = loadRuntimeConfig(docWith('{}'), true);
    expect(config.staticHost).toBe('https://api.example.com:8443');
    expect(config.liveHosts).toEqual(['https://api.example.com:8443']);
    // The chat too, unless its own addresses are stored (spec §3: chatUrl, chatImgUrl).
    expect(config.chatUrl).toBe('https://api.example.com:8443/chat-api');
    expect(config.chatImgUrl).toBe('https://api.example.com:8443');
    storage.set('chatUrl', 'https://chat.example.com/chat-api');
    expect(loadRuntimeConfig(docWith('{}'), true).chatUrl).toBe(
      'https://chat.example.com/chat-api',
    );
    storage.remove('chatUrl');
    // The web build keeps the page's own origin.
    expect(loadRuntimeConfig(docWith('{}'), false)).toMatchObject({
      staticHost: '',
      liveHosts: [],
    });
    storage.remove('apiUrl');
  });

  it('requires an API url and appends /app-api once', () => {
    expect(() => normaliseApiUrl('  ')).toThrow('api url is missing');
    expect(normaliseApiUrl('https://a.com/app-api/')).toBe('https://a.com/app-api');
  });
});
