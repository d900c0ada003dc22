// A Web Push service and a browser in one, on loopback, for tests: it takes the server's
// requests as a push service would (RFC 8030: POST, TTL, Urgency, Topic), refuses those whose
// VAPID token is not signed by the key they name or not meant for it (RFC 8292), and decrypts
// each message with the device keys it handed out (RFC 8291 / RFC 8188 aes128gcm), as the
// browser would. Written from the RFCs, not with the library the server sends with.
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushedMessage {
  device: string;
  /** The decrypted text. */
  text: string;
  headers: { ttl: number; urgency?: string; topic?: string };
  /** The VAPID public key the request named (k=). */
  vapidKey: string;
  jwt: { aud: string; exp: number; sub: string };
}

export interface Refusal {
  device: string;
  status: number;
  why: string;
}

export interface TestDevice {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface LocalPushService {
  origin: string;
  /** A new device (its own keys) whose endpoint is on this service. */
  device(name: string): TestDevice;
  /** What the next requests for a device are answered with (then 201 again). */
  answer(name: string, ...statuses: (number | { status: number; retryAfter?: string })[]): void;
  received: PushedMessage[];
  refused: Refusal[];
  /** Every request, answered however (for counting attempts). */
  attempts: { device: string; status: number }[];
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, keyed by the device's secrets. */
export function decryptWebPush(
  body: Buffer,
  device: { privateKey: Buffer; publicKey: Buffer; auth: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || senderKey[0] !== 4) throw new Error('keyid is not a P-256 point');
  if (record.length > rs) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
  const ikm = hkdf(device.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // Padding: the last record ends with 0x02 then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292 §2 and §3: `vapid t=<ES256 JWT>, k=<P-256 key>`; throws with the reason. */
export function checkVapid(authorization: string | undefined, origin: string, now = Date.now()) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error('no vapid authorization');
  const [header64, payload64, sig64] = m[1]!.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(header64, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  if (header.alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(m[2]!, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not a P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header64}.${payload64}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig64, 'base64url'),
  );
  if (!signed) throw new Error('bad signature');
  const jwt = JSON.parse(Buffer.from(payload64, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (jwt.aud !== origin) throw new Error(`aud ${jwt.aud} is not ${origin}`);
  const seconds = now / 1000;
  if (!(jwt.exp > seconds && jwt.exp <= seconds + 24 * 3600 + 60))
    throw new Error('exp out of range');
  if (!/^(mailto:|https:)/.test(jwt.sub)) throw new Error('sub is not a contact');
  return { jwt, vapidKey: m[2]! };
}

export async function startLocalPushService(
  opts: { port?: number } = {},
): Promise<LocalPushService> {
  const devices = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const answers = new Map<string, { status: number; retryAfter?: string }[]>();
  const received: PushedMessage[] = [];
  const refused: Refusal[] = [];
  const attempts: { device: string; status: number }[] = [];
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const finish = (status: number, why = '', headers: Record<string, string> = {}) => {
        attempts.push({ device: name, status });
        if (status >= 400 && why) refused.push({ device: name, status, why });
        res.writeHead(status, headers).end();
      };
      const device = devices.get(name);
      if (req.method !== 'POST' || !device) return finish(404, 'no such subscription');
      const queued = answers.get(name)?.shift();
      if (queued && queued.status !== 201) {
        return finish(
          queued.status,
          '',
          queued.retryAfter ? { 'retry-after': queued.retryAfter } : {},
        );
      }
      try {
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const { jwt, vapidKey } = checkVapid(req.headers.authorization, origin);
        const text = decryptWebPush(Buffer.concat(chunks), device);
        received.push({
          device: name,
          text,
          headers: {
            ttl,
            urgency: req.headers.urgency as string | undefined,
            topic: req.headers.topic as string | undefined,
          },
          vapidKey,
          jwt,
        });
        finish(201);
      } catch (err) {
        finish(400, (err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    device(name) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { privateKey: ecdh.getPrivateKey(), publicKey, auth });
      return {
        name,
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        keys: { p256dh: b64url(publicKey), auth: b64url(auth) },
      };
    },
    answer(name, ...statuses) {
      answers.set(
        name,
        statuses.map((s) => (typeof s === 'number' ? { status: s } : s)),
      );
    },
    received,
    refused,
    attempts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** For the self-test: an aes128gcm record made from the RFC's steps (the sender's side). */
export function encryptForTest(text: string, device: { publicKey: Buffer; auth: Buffer }): Buffer {
  const sender = createECDH('prime256v1');
  const senderKey = sender.generateKeys();
  const shared = sender.computeSecret(device.publicKey);
  const salt = randomBytes(16);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
  const ikm = hkdf(device.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([
    cipher.update(Buffer.concat([Buffer.from(text), Buffer.from([2])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const head = Buffer.alloc(21);
  salt.copy(head);
  head.writeUInt32BE(4096, 16);
  head[20] = 65;
  return Buffer.concat([head, senderKey, sealed]);
}
