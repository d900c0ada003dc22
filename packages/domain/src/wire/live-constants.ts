// Kept apart from the TypeBox schemas: the web app's first load needs these numbers, not the
// schema builders, and a module's top-level schema calls cannot be tree-shaken.
/** WebSocket commands (docs/architecture.md §7). 66 and 69 come from the spec; the rest are ours. */
export const COMMAND = {
  PING: 66,
  SUBSCRIBE: 67,
  HISTORY: 69,
  SNAPSHOT: 70,
  REFUSED: 71,
} as const;
export type Command = (typeof COMMAND)[keyof typeof COMMAND];

export const PING_CONTENT = 'Ping';
export const MAX_FRAME_BYTES = 4096;
export const HISTORY_MAX = 50;
