export * from './http.ts';
export * from './live.ts';
export * from './draw-api.ts';
export * from './member.ts';
export * from './content.ts';
export * from './paging.ts';
export * from './prizes.ts';
export * from './calendar.ts';
