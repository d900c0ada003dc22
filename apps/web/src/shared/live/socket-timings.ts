/** Timings of the live socket (spec §4 and §9). */
export const SOCKET_TIMINGS = {
  heartbeatMs: 15_000,
  pongTimeoutMs: 15_000,
  reconnectMs: 1_000,
  resetHostsMs: 5_000,
  requestTimeoutMs: 10_000,
} as const;
export type SocketTimings = { [K in keyof typeof SOCKET_TIMINGS]: number };
