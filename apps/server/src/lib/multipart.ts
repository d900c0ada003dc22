// Multipart bodies read with @fastify/busboy, the parser @fastify/multipart is built on. The
// plugin hooked every request of the site (a promise on the way in and an answer hook that made
// the framework follow every answer to its end) and could only be kept off the routes that take
// no body by patching `app.addHook` (docs/removed-fast-paths.md). This reader is called by the
// content-type parser (plugins/external/form-body.ts) and by the upload routes: a request that is
// not multipart never meets it.
import type { Readable } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';

export interface MultipartLimits {
  /** Plain fields at most. */
  fields: number;
  /** A field's value is cut after this many bytes (its schema then judges what is left). */
  fieldSize: number;
  fieldNameSize: number;
  /** Files at most (0: a file is refused). */
  files: number;
  /** A file's bytes at most: one more is `too-large`. */
  fileSize: number;
  /** Parts (fields and files) at most. */
  parts: number;
}

export interface MultipartForm {
  /** The fields in the order they came (a name may repeat). */
  fields: [name: string, value: string][];
  /** The first file's bytes, or null when none came. */
  file: Buffer | null;
}

/** Why a multipart body was refused: a file over its size, or anything else wrong with it. */
export class MultipartError extends Error {
  readonly reason: 'too-large' | 'malformed';
  constructor(reason: 'too-large' | 'malformed') {
    super(`multipart body refused: ${reason}`);
    this.reason = reason;
    this.name = 'MultipartError';
  }
}

/**
 * Reads a whole multipart body within `limits`. A body that ends before its first part is an
 * empty form (a request that announced a body and sent none), as the plugin read it.
 */
export function readMultipart(
  headers: FastifyRequest['headers'],
  body: Readable,
  limits: MultipartLimits,
): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const contentType = headers['content-type'];
    let parser: BusboyInstance;
    try {
      if (typeof contentType !== 'string') throw new Error('no content type');
      parser = Busboy({ headers: { ...headers, 'content-type': contentType }, limits });
    } catch {
      reject(new MultipartError('malformed'));
      return;
    }
    const form: MultipartForm = { fields: [], file: null };
    let failed = false;
    let sawData = false;
    let files = 0;
    const fail = (reason: 'too-large' | 'malformed') => {
      if (failed) return;
      failed = true;
      body.unpipe(parser);
      // The rest of the body is read and dropped, so that the answer can go out on a sound
      // connection (the plugin did the same).
      body.resume();
      reject(new MultipartError(reason));
    };
    parser.on('field', (name: string, value: string) => void form.fields.push([name, value]));
    parser.on('file', (_name: string, stream: Readable & { truncated: boolean }) => {
      files += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (files === 1 && !failed) chunks.push(chunk);
      });
      stream.on('limit', () => fail('too-large'));
      stream.on('end', () => {
        if (files === 1 && !stream.truncated) form.file = Buffer.concat(chunks);
      });
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'])
      parser.on(limit, () => fail('malformed'));
    parser.on('error', (err: Error) => {
      if (!sawData && err.message === 'Unexpected end of multipart data') {
        if (!failed) resolve(form);
        return;
      }
      fail('malformed');
    });
    parser.on('finish', () => {
      if (!failed) resolve(form);
    });
    const onData = (chunk: Buffer) => {
      if (chunk.length === 0) return;
      sawData = true;
      body.off('data', onData);
    };
    body.on('data', onData);
    body.on('error', () => fail('malformed'));
    body.pipe(parser);
  });
}

/** Multipart requests whose body is left for the route to read, with the stream to read it from. */
const unread = new WeakMap<FastifyRequest, Readable>();

/** Keeps a multipart body for its route (form-body.ts does, for a route without a body schema). */
export function keepMultipart(request: FastifyRequest, body: Readable): void {
  unread.set(request, body);
}

/** The multipart body kept for this request, taken (it can be read once), or null. */
export function takeMultipart(request: FastifyRequest): Readable | null {
  const body = unread.get(request) ?? null;
  unread.delete(request);
  return body;
}

/** Whether the request came as multipart/form-data (its content type, as the parser matched it). */
export function isMultipart(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^multipart\/form-data\b/i.test(type.trimStart());
}

/** A file of a multipart body with the name its sender gave it (only ever shown back, never a path). */
export interface MultipartFile {
  name: string;
  bytes: Buffer;
}

/**
 * Reads every file of a multipart body (fields are ignored), each within `limits.fileSize`, all
 * together within `totalBytes`: for uploads of many pictures at once (a picture library's folder).
 */
export function readMultipartFiles(
  headers: FastifyRequest['headers'],
  body: Readable,
  limits: Pick<MultipartLimits, 'files' | 'fileSize' | 'parts'>,
  totalBytes: number,
): Promise<MultipartFile[]> {
  return new Promise((resolve, reject) => {
    const contentType = headers['content-type'];
    let parser: BusboyInstance;
    try {
      if (typeof contentType !== 'string') throw new Error('no content type');
      parser = Busboy({
        headers: { ...headers, 'content-type': contentType },
        limits: { ...limits, fields: limits.parts, fieldSize: 1024, fieldNameSize: 100 },
      });
    } catch {
      reject(new MultipartError('malformed'));
      return;
    }
    const files: MultipartFile[] = [];
    let total = 0;
    let open = 0;
    let finished = false;
    let failed = false;
    const fail = (reason: 'too-large' | 'malformed') => {
      if (failed) return;
      failed = true;
      body.unpipe(parser);
      body.resume();
      reject(new MultipartError(reason));
    };
    const settle = () => {
      if (finished && open === 0 && !failed) resolve(files);
    };
    parser.on(
      'file',
      (_field: string, stream: Readable & { truncated: boolean }, filename: string) => {
        open += 1;
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > totalBytes) return fail('too-large');
          if (!failed) chunks.push(chunk);
        });
        stream.on('limit', () => fail('too-large'));
        stream.on('end', () => {
          open -= 1;
          if (!stream.truncated)
            files.push({ name: filename || 'file', bytes: Buffer.concat(chunks) });
          settle();
        });
      },
    );
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'])
      parser.on(limit, () => fail('malformed'));
    parser.on('error', () => fail('malformed'));
    parser.on('finish', () => {
      finished = true;
      settle();
    });
    body.on('error', () => fail('malformed'));
    body.pipe(parser);
  });
}
