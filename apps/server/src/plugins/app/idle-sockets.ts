// A connection with no traffic either way for the idle time (`http.socketIdleTimeoutMs`, 60 s:
// a reader that stalls with an answer half sent, a request its handler never answers) is
// destroyed. Node's own socket timeout does this with a timer per connection that it replaces
// twice per request (a new timer object, its bound callback and a place in the timer lists each
// time: ~0.4 µs of a 14 µs answer). Here one sweep looks at every plain HTTP connection at the
// interval Node uses for its header and request timeouts, and cuts those whose byte counts have
// not moved for the idle time. Idle keep-alive connections are Node's (keepAliveTimeout,
// shorter); an upgraded socket is its route's.
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

interface Seen {
  read: number;
  written: number;
  pending: number;
  /** When the counts last moved (ms). */
  since: number;
}

export default fp(
  async (app) => {
    const { socketIdleTimeoutMs: idleMs, checkIntervalMs } = app.config.http;
    if (idleMs <= 0) return;
    const open = new Map<Socket, Seen>();
    const server = app.server;
    // One function for every socket (no closure each); an upgraded socket (a live one, kept for
    // hours) is left carrying nothing of ours.
    function forget(this: Socket) {
      open.delete(this);
    }
    server.on('connection', (socket: Socket) => {
      if (socket.destroyed) return;
      open.set(socket, { read: 0, written: 0, pending: 0, since: Date.now() });
      socket.on('close', forget);
    });
    server.on('upgrade', (_request, socket: Socket) => {
      open.delete(socket);
      socket.removeListener('close', forget);
    });

    const sweep = () => {
      const now = Date.now();
      for (const [socket, seen] of open) {
        if (socket.destroyed) {
          open.delete(socket);
          continue;
        }
        const read = socket.bytesRead;
        // Buffered bytes count as written as soon as they are queued: the pending length is what
        // tells a reader that drains from one that does not.
        const written = socket.bytesWritten;
        const pending = socket.writableLength;
        if (read !== seen.read || written !== seen.written || pending !== seen.pending) {
          seen.read = read;
          seen.written = written;
          seen.pending = pending;
          seen.since = now;
        } else if (now - seen.since >= idleMs) {
          open.delete(socket);
          // A reader that stalled gets a reset: a plain close would leave its unsent bytes (up to
          // the send buffer, megabytes) with the kernel until the peer reads or probes give up.
          if (pending > 0) socket.resetAndDestroy();
          else socket.destroy();
        }
      }
    };
    const timer = setInterval(sweep, Math.min(checkIntervalMs, idleMs));
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'idle-sockets', dependencies: ['config'] },
);
