import type { RawData } from 'ws';

/** A WebSocket message's bytes, whichever of its shapes ws hands over. */
export const toBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
