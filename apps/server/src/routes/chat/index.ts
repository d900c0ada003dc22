// The chat service's calls (docs/architecture.md §10), mounted at /chat-api: session, rooms, history, reports,
// moderation and the live socket. Schema-first; the rules are in ../../services/chat/service.ts.
import {
  CHAT_FRAME_MAX_BYTES,
  CHAT_PAGE_MAX,
  EnvelopeSchema,
  type ChatClientFrame,
} from '@kaijiang/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { toBuffer } from '../../lib/ws-data.ts';
import { addressKey } from '../../lib/address-key.ts';
import { fail, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { tokenFromHeaders } from '../../services/members/tokens.ts';
import { errorReplies, Id } from '../../schemas/common.ts';
import { MUTE_MAX_MINUTES, type ChatIdentity } from '../../services/chat/service.ts';
import { storeChatImage } from '../../services/chat/images.ts';
import { CHAT_CLOSE, ChatSocket } from '../../services/chat/sockets.ts';

const CHAT_ONLY = [{ chatToken: [] as string[] }];
const Errors = errorReplies(400, 401, 403, 404, 429);

const ChatUserSchema = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  role: Type.String({ description: 'member, moderator, or system (the room’s own messages)' }),
});
const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  room: Type.String(),
  user: ChatUserSchema,
  text: Type.Optional(Type.String()),
  image: Type.Optional(Type.String()),
  at: Type.String({ format: 'date-time' }),
  draw: Type.Optional(
    Type.Object(
      { gameId: Type.Integer(), issue: Type.String() },
      {
        description:
          'On the room’s own message about a draw: which draw (its text says the result)',
      },
    ),
  ),
});
const RoomParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 32 }) });

function parseFrame(raw: string): ChatClientFrame | null {
  try {
    const f = JSON.parse(raw) as ChatClientFrame;
    return f && typeof f === 'object' && typeof f.type === 'string' ? f : null;
  } catch {
    return null;
  }
}

const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { chat, chatSockets: sockets } = app;
  const who = (request: FastifyRequest): Promise<ChatIdentity> =>
    chat.authenticate(tokenFromHeaders(request.headers));

  app.post(
    '/session',
    {
      // A bearer token in a header cannot be sent by another site's page: no XSRF cookie here.
      config: { xsrf: false },
      schema: {
        tags: ['chat'],
        security: CHAT_ONLY,
        summary: 'Trade a chat login token (once) for a chat token',
        response: {
          200: EnvelopeSchema(Type.Object({ chatToken: Type.String(), user: ChatUserSchema })),
          ...Errors,
        },
      },
    },
    async (request) => ok(await chat.openSession(tokenFromHeaders(request.headers))),
  );

  app.get(
    '/rooms',
    {
      schema: {
        tags: ['chat'],
        summary: 'Rooms (the lobby and one per game) with the number online',
        response: {
          200: EnvelopeSchema(
            Type.Array(
              Type.Object({ id: Type.String(), name: Type.String(), online: Type.Integer() }),
            ),
          ),
          ...Errors,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await chat.rooms());
    },
  );

  app.get(
    '/rooms/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'A room’s messages, newest first; readable without a token',
        params: RoomParams,
        querystring: Type.Object({
          before: Type.Optional(Id),
          limit: Type.Integer({ minimum: 1, maximum: CHAT_PAGE_MAX, default: CHAT_PAGE_MAX }),
        }),
        response: {
          200: EnvelopeSchema(Type.Object({ items: Type.Array(ChatMessageSchema) })),
          ...Errors,
        },
      },
    },
    async (request, reply) => {
      const room = await chat.assertRoom(request.params.id);
      reply.header('cache-control', 'no-store');
      return ok({
        items: await chat.history(room, request.query.before ?? null, request.query.limit),
      });
    },
  );

  app.post(
    '/messages/:id/report',
    {
      config: { xsrf: false },
      schema: {
        tags: ['chat'],
        security: CHAT_ONLY,
        summary: 'Report a message to the moderators',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      await chat.report(await who(request), request.params.id);
      return ok(true);
    },
  );

  app.delete(
    '/messages/:id',
    {
      config: { xsrf: false },
      schema: {
        tags: ['chat'],
        security: CHAT_ONLY,
        summary: 'Delete a message (moderators); it disappears from every reader’s room',
        params: Type.Object({ id: Id }),
        response: { 200: EnvelopeSchema(Type.Boolean()), ...Errors },
      },
    },
    async (request) => {
      await chat.remove(await who(request), request.params.id);
      return ok(true);
    },
  );

  app.post(
    '/mutes',
    {
      config: { xsrf: false },
      schema: {
        tags: ['chat'],
        security: CHAT_ONLY,
        summary: 'Mute a member for a number of minutes (moderators)',
        body: Type.Object({
          memberId: Id,
          minutes: Type.Integer({ minimum: 1, maximum: MUTE_MAX_MINUTES }),
        }),
        response: { 200: EnvelopeSchema(Type.Object({ until: Type.String() })), ...Errors },
      },
    },
    async (request) => {
      const until = await chat.mute(
        await who(request),
        request.body.memberId,
        request.body.minutes,
      );
      return ok({ until });
    },
  );

  app.post(
    '/images',
    {
      config: { xsrf: false },
      schema: {
        tags: ['chat'],
        security: CHAT_ONLY,
        summary:
          'Upload a picture for the chat (multipart field "file"): PNG, JPEG, WebP or GIF, ≤ 2 MB',
        description:
          'The type is read from the bytes; camera metadata (EXIF, XMP, comments) is removed. ' +
          'Answers the path to send in a say frame ({ room, image }).',
        consumes: ['multipart/form-data'],
        response: {
          200: EnvelopeSchema(Type.Object({ path: Type.String() })),
          413: Errors[400],
          ...Errors,
        },
      },
    },
    async (request) => {
      const identity = await who(request);
      return ok(await storeChatImage(app, request, identity));
    },
  );

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

export default chatRoutes;
