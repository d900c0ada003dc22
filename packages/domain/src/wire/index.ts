export * from './http.ts';
export * from './live.ts';
export * from './draw-api.ts';
