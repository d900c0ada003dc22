// The chat's live socket (docs/architecture.md §10), mounted at /chat-api/ws in the socket routes'
// own context (app.ts, plugins/external/websocket.ts); the chat's other calls are in ./index.ts.
import { CHAT_FRAME_MAX_BYTES, type ChatClientFrame } from '@kaijiang/domain';
import type { FastifyPluginAsync } from 'fastify';
import { toBuffer } from '../../lib/ws-data.ts';
import { addressKey } from '../../lib/address-key.ts';
import { fail } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { CHAT_CLOSE, ChatSocket } from '../../services/chat/sockets.ts';

function parseFrame(raw: string): ChatClientFrame | null {
  try {
    const f = JSON.parse(raw) as ChatClientFrame;
    return f && typeof f === 'object' && typeof f.type === 'string' ? f : null;
  } catch {
    return null;
  }
}

const chatSocket: FastifyPluginAsync = async (app) => {
  const { chat, chatSockets: sockets } = app;

  /** A frame's failure as the socket tells it. */
  const refuse = (s: ChatSocket, id: string | undefined, err: unknown) => {
    if (err instanceof AppError) {
      s.send({ ...(id && { id }), type: 'error', code: err.code, msg: err.message });
      if (err.code === 'CHAT/MUTED') {
        const until = (err.data as { until?: string } | null)?.until;
        if (until) s.send({ ...(id && { id }), type: 'muted', until });
      }
    } else {
      app.log.warn({ err }, 'chat socket: frame failed');
      s.send({
        ...(id && { id }),
        type: 'error',
        code: 'SYS/ERROR',
        msg: '服务器繁忙，请稍后再试',
      });
    }
  };

  async function onFrame(s: ChatSocket, f: ChatClientFrame): Promise<void> {
    const id = typeof f.id === 'string' && f.id.length <= 64 ? f.id : undefined;
    try {
      switch (f.type) {
        case 'ping':
          s.send({ ...(id && { id }), type: 'pong' });
          return;
        case 'auth': {
          const identity = await chat.authenticate(
            typeof f.token === 'string' ? f.token : undefined,
          );
          sockets.signIn(s, identity);
          const { memberId: _m, sessionHash: _s, ...user } = identity;
          s.send({ ...(id && { id }), type: 'ready', user });
          return;
        }
        case 'join': {
          const room = await chat.assertRoom(f.room);
          if (!sockets.join(s, room))
            throw new AppError(400, 'REQ/INVALID', '同时加入的聊天室过多');
          s.send({ ...(id && { id }), type: 'joined', room, online: sockets.online(room) });
          return;
        }
        case 'leave':
          if (typeof f.room === 'string') sockets.leave(s, f.room);
          return;
        case 'say': {
          if (!s.identity) throw new AppError(401, 'UC/UNAUTHORIZED', '请先登录');
          if (typeof f.room !== 'string' || !s.rooms.has(f.room))
            throw new AppError(404, 'CHAT/NO_ROOM', '请先进入聊天室');
          await chat.say(s.identity, f.room, { text: f.text, image: f.image }, s.address);
          return;
        }
        default:
          throw new AppError(400, 'REQ/INVALID', '无法识别的消息');
      }
    } catch (err) {
      refuse(s, id, err);
    }
  }

  app.get(
    '/ws',
    {
      websocket: true,
      helmet: false,
      schema: {
        tags: ['chat'],
        summary: 'The chat’s live socket (frames in docs/architecture.md §10)',
      },
      onRequest: async (request, reply) => {
        if (!request.ws) return reply.code(404).send(fail('NOT_FOUND', '请求的资源不存在'));
        if (!sockets.admits(addressKey(request.ip)))
          return reply.code(429).send(fail('REQ/RATE_LIMITED', '连接过多，请稍后再试'));
      },
    },
    (ws, request) => {
      const s = new ChatSocket(ws, addressKey(request.ip), request.raw.socket);
      if (!sockets.admits(s.address)) {
        ws.close(CHAT_CLOSE.tryAgainLater, 'too many connections');
        return;
      }
      sockets.add(s);
      ws.on('close', () => sockets.closed(s));
      ws.on('error', () => ws.terminate());
      ws.on('message', (data, isBinary) => {
        if (!s.open) return;
        if (!s.take(Date.now())) {
          ws.close(CHAT_CLOSE.rateLimited, 'rate limit');
          return;
        }
        const bytes = isBinary ? null : toBuffer(data);
        const frame =
          bytes && bytes.length <= CHAT_FRAME_MAX_BYTES ? parseFrame(bytes.toString('utf8')) : null;
        if (!frame) {
          s.send({ type: 'error', code: 'REQ/INVALID', msg: '无法识别的消息' });
          return;
        }
        // One frame after the other per socket: a member's messages keep the order they were sent.
        s.queue = s.queue.then(() => onFrame(s, frame));
      });
      s.send({ type: 'ready', user: null });
    },
  );
};

export default chatSocket;
