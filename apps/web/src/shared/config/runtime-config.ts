import { IS_APP_BUILD } from './build';
import { storage } from '../storage/storage';

/** What the server injects into index.html as `<script id="kj-config" type="application/json">`. */
export interface RuntimeConfig {
  companyCode: string;
  /** Base of every API call, e.g. "/app-api" or "https://api.example.com/app-api". */
  apiBase: string;
  /** Origin of /sys-upload files; empty means the page's own origin. */
  staticHost: string;
  liveHosts: string[];
  chatUrl: string;
  chatImgUrl: string;
  /** How far apart the server's simulator reveals balls (absent: 4 s, the server's default). */
  ballIntervalMs?: number;
  version: string;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  companyCode: 'kj',
  apiBase: '/app-api',
  staticHost: '',
  liveHosts: [],
  chatUrl: '',
  chatImgUrl: '',
  version: '1.0.2',
};

const API_SUFFIX = '/app-api';

/** Spec §5: an API address is required and always ends with /app-api. */
export function normaliseApiUrl(url: string | null | undefined): string {
  const trimmed = (url ?? '').trim().replace(/\/+$/, '');
  if (!trimmed) throw new Error('api url is missing');
  return trimmed.endsWith(API_SUFFIX) ? trimmed : `${trimmed}${API_SUFFIX}`;
}

function readInjected(doc: Document | undefined): Partial<RuntimeConfig> {
  const text = doc?.getElementById('kj-config')?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<RuntimeConfig>) : {};
  } catch {
    console.warn('kj-config is not valid JSON; using defaults');
    return {};
  }
}

/** The app shell has no server page to inject into; it stores the addresses instead. */
function readStored(): Partial<RuntimeConfig> {
  const out: Partial<RuntimeConfig> = {};
  const apiUrl = storage.get('apiUrl');
  if (apiUrl) {
    try {
      out.apiBase = normaliseApiUrl(apiUrl);
    } catch {
      // An empty stored address leaves the default base in place.
    }
  }
  const staticHost = storage.get('staticHost');
  if (staticHost) out.staticHost = staticHost.replace(/\/+$/, '');
  const chatUrl = storage.get('chatUrl');
  if (chatUrl) out.chatUrl = chatUrl;
  const chatImgUrl = storage.get('chatImgUrl');
  if (chatImgUrl) out.chatImgUrl = chatImgUrl;
  return out;
}

export function loadRuntimeConfig(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
  appBuild: boolean = IS_APP_BUILD,
): RuntimeConfig {
  const config: RuntimeConfig = {
    ...DEFAULT_RUNTIME_CONFIG,
    ...readInjected(doc),
    ...(appBuild ? readStored() : {}),
  };
  return appBuild ? withApiOriginDefaults(config) : config;
}

/**
 * The app shell's page is not the site: data files, the live socket and the chat default to the
 * origin of the stored API address, unless their own addresses are stored too.
 */
function withApiOriginDefaults(config: RuntimeConfig): RuntimeConfig {
  let origin: string;
  try {
    origin = new URL(config.apiBase).origin;
  } catch {
    return config; // a relative base: the page's own origin serves everything
  }
  return {
    ...config,
    staticHost: config.staticHost || origin,
    liveHosts: config.liveHosts.length ? config.liveHosts : [origin],
    chatUrl: config.chatUrl || `${origin}/chat-api`,
    chatImgUrl: config.chatImgUrl || origin,
  };
}

let cached: RuntimeConfig | null = null;

export function runtimeConfig(): RuntimeConfig {
  cached ??= loadRuntimeConfig();
  return cached;
}
