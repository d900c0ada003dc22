export * from './http.ts';
export * from './live.ts';
