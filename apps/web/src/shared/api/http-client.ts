import axios, {
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
} from 'axios';
import { ApiError, ERROR_TEXT, REQUEST_TIMEOUT_MS, unwrapEnvelope } from './api-error';
import { toApiError } from './axios-error';
import { emitSessionEnded, type SessionEnded } from './session-events';
import { runtimeConfig } from '../config/runtime-config';
import { storage as defaultStorage, type KeyValueStorage } from '../storage/storage';

import { API_PREFIX, COMPANY_CODE_HEADER, isSessionProbe } from './base-query';

// TO GO (issue 12): the member screens' calls until they move to the query cache (api.ts); then
// this file, axios-error.ts and the axios dependency are deleted.
export { API_PREFIX, COMPANY_CODE_HEADER, isSessionProbe };

export interface ApiClientOptions {
  baseURL: string;
  companyCode: string;
  storage?: KeyValueStorage;
  adapter?: AxiosAdapter;
  onSessionEnded?: (event: SessionEnded) => void;
}

export interface ApiClient {
  readonly axios: AxiosInstance;
  request<T>(config: AxiosRequestConfig): Promise<T>;
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  delete<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const store = options.storage ?? defaultStorage;
  const sessionEnded = options.onSessionEnded ?? emitSessionEnded;

  const instance = axios.create({
    baseURL: options.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    // Left undefined on purpose: axios then sends the cookie's value only to our own origin.
    withXSRFToken: undefined,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  instance.interceptors.request.use((config) => {
    const headers = AxiosHeaders.from(config.headers);
    headers.set(COMPANY_CODE_HEADER, options.companyCode);
    // axios replaces this with the XSRF-TOKEN cookie on our own origin. A page on another origin
    // (the app build) cannot read that cookie: the server accepts it on its allowed Origin, and
    // this header makes the browser ask first (CORS preflight).
    const unsafe = !/^(get|head|options)?$/i.test(config.method ?? 'get');
    if (unsafe && !headers.has('X-XSRF-TOKEN')) headers.set('X-XSRF-TOKEN', 'cross-origin');
    const token = store.get('access_token');
    if (token) {
      headers.set('Authorization', token);
      headers.set('token', token);
    }
    config.headers = headers;
    return config;
  });

  instance.interceptors.response.use(undefined, (error: unknown) => {
    const apiError = toApiError(error);
    if (apiError.status === 401) {
      store.remove('access_token');
      store.remove('chat_login_token');
      store.remove('chat_token');
      sessionEnded({
        reason: 'unauthorized',
        message: apiError.message || ERROR_TEXT.unauthorized,
      });
    } else if (apiError.status === 400 && apiError.code === 'UC/TOKEN_INVALID') {
      store.remove('access_token');
      store.remove('chat_login_token');
      if (!isSessionProbe(apiError.url)) sessionEnded({ reason: 'token-invalid', message: null });
    }
    return Promise.reject(apiError);
  });

  async function request<T>(config: AxiosRequestConfig): Promise<T> {
    const response = await instance.request<unknown>(config);
    return unwrapEnvelope<T>(response.data, response.status, config.url);
  }

  return {
    axios: instance,
    request,
    get: (url, config) => request({ ...config, method: 'GET', url }),
    post: (url, data, config) => request({ ...config, method: 'POST', url, data }),
    put: (url, data, config) => request({ ...config, method: 'PUT', url, data }),
    delete: (url, config) => request({ ...config, method: 'DELETE', url }),
  };
}

let defaultClient: ApiClient | null = null;

/** The site's API client, built on first use from the runtime config. */
export function api(): ApiClient {
  defaultClient ??= createApiClient({
    baseURL: runtimeConfig().apiBase,
    companyCode: runtimeConfig().companyCode,
  });
  return defaultClient;
}

export { ApiError, REQUEST_TIMEOUT_MS };
