export const nowIso = (): string => new Date().toISOString();
