// Crafted files for every picture format the chat accepts (issue 41): each carries what a camera,
// an editor or a smuggler puts beside the picture (comments, XMP, EXIF, ICC, a thumbnail, a
// video or a second picture after the end). The cleaned file holds none of it, and a decoder
// draws from it exactly what it drew from the original.
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import { GifReader, GifWriter } from 'omggif';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripImage } from '../../src/services/chat/image-strip.ts';
import { memberApp, registered, type TestApp } from '../members/member-helpers.ts';

const SECRETS = [
  'GPS 22.3193N',
  'xmpmeta',
  'secret comment',
  'ICC_PROFILE',
  'THUMBNAIL',
  'ftypmp4',
  'MotionPhoto',
  'second picture',
  'private note',
  'after the end',
];
/** Each format's crafted file, for the upload below. */
const CRAFTED: Record<string, Buffer> = {};

const holdsNoSecret = (buf: Buffer) => {
  const text = buf.toString('latin1');
  for (const s of SECRETS) expect(text, s).not.toContain(s);
};

const segment = (marker: number, body: string | Buffer) => {
  const data = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

function pixels(w: number, h: number): Buffer {
  const data = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++)
    data.set([(i * 37) & 255, (i * 91) & 255, (i * 13) & 255, 255], i * 4);
  return data;
}

describe('JPEG', () => {
  const original = Buffer.from(
    jpeg.encode({ data: pixels(16, 16), width: 16, height: 16 }, 90).data,
  );
  // Segment by segment after SOI; the encoder's own JFIF is replaced by one with a thumbnail.
  const body = original.subarray(2);
  const thumbnailJfif = Buffer.concat([
    Buffer.from('JFIF\0\x01\x02\x01\0\x48\0\x48\x01\x01', 'latin1'),
    Buffer.from('THUMBNAIL', 'latin1').subarray(0, 3),
  ]);
  const crafted = Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.concat([thumbnailJfif, Buffer.from('THUMBNAIL', 'latin1')])),
    segment(0xe1, 'Exif\0\0GPS 22.3193N 114.1694E'),
    segment(0xe1, 'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>ok</x:xmpmeta>'),
    segment(0xe2, 'ICC_PROFILE\0\x01\x01 profile bytes'),
    segment(0xfe, 'secret comment'),
    segment(0xeb, 'private note'),
    body.subarray(0, body.length - 2),
    // After the scan, before the end: a comment again.
    segment(0xfe, 'secret comment'),
    Buffer.from([0xff, 0xd9]),
    // A Motion Photo's video, then a second picture of a multi-picture file.
    Buffer.from('\0\0\0\x18ftypmp42MotionPhoto video', 'latin1'),
    Buffer.from([0xff, 0xd8]),
    segment(0xfe, 'second picture'),
    Buffer.from([0xff, 0xd9]),
    Buffer.from('after the end', 'latin1'),
  ]);

  CRAFTED.jpeg = crafted;

  it('keeps only what draws it, up to its end marker', () => {
    expect(jpeg.decode(crafted).data).toEqual(jpeg.decode(original).data);
    const clean = stripImage('jpeg', crafted);
    holdsNoSecret(clean);
    expect(clean.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(clean.indexOf(Buffer.from([0xff, 0xd9]))).toBe(clean.length - 2);
    expect(jpeg.decode(clean).data).toEqual(jpeg.decode(original).data);
    // The JFIF segment stays, without its thumbnail.
    expect(clean.toString('latin1')).toContain('JFIF');
  });

  it('refuses a JPEG cut before its end', () => {
    expect(() =>
      stripImage('jpeg', crafted.subarray(0, crafted.indexOf('secret comment', 300, 'latin1'))),
    ).toThrow();
    expect(() => stripImage('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toThrow();
  });
});

const pngChunk = (type: string, data: string | Buffer) => {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), bytes])));
  return Buffer.concat([len, Buffer.from(type, 'latin1'), bytes, crc]);
};

describe('PNG', () => {
  const png = new PNG({ width: 8, height: 8 });
  png.data = pixels(8, 8);
  const original = PNG.sync.write(png);
  const iend = original.length - 12;
  const crafted = Buffer.concat([
    original.subarray(0, 33),
    pngChunk('tEXt', 'Comment\0secret comment'),
    pngChunk('iTXt', 'XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>'),
    pngChunk(
      'zTXt',
      Buffer.concat([Buffer.from('Raw\0\0', 'latin1'), zlib.deflateSync('private note')]),
    ),
    pngChunk('eXIf', 'MM\0*GPS 22.3193N'),
    pngChunk(
      'iCCP',
      Buffer.concat([Buffer.from('ICC_PROFILE\0\0', 'latin1'), zlib.deflateSync('x')]),
    ),
    pngChunk('tIME', Buffer.alloc(7)),
    original.subarray(33, iend),
    pngChunk('prVt', 'private note'),
    original.subarray(iend),
    Buffer.from('after the end', 'latin1'),
  ]);

  CRAFTED.png = crafted;

  it('keeps only the chunks that draw it, up to IEND', () => {
    const clean = stripImage('png', crafted);
    holdsNoSecret(clean);
    for (const type of ['tEXt', 'iTXt', 'zTXt', 'eXIf', 'iCCP', 'tIME', 'prVt']) {
      expect(clean.toString('latin1')).not.toContain(type);
    }
    expect(clean.subarray(-12)).toEqual(original.subarray(iend));
    expect(PNG.sync.read(clean).data).toEqual(PNG.sync.read(original).data);
  });
});

describe('GIF', () => {
  const frames = [0, 1].map((f) => Array.from({ length: 16 }, (_v, i) => (i + f) % 4));
  const buf = Buffer.alloc(1024);
  const writer = new GifWriter(buf, 4, 4, {
    palette: [0x000000, 0xff0000, 0x00ff00, 0x0000ff],
    loop: 3,
  });
  for (const f of frames) writer.addFrame(0, 0, 4, 4, f, { delay: 10 });
  const original = buf.subarray(0, writer.end());
  // Header, screen and global table (4 colours: 12 bytes) come first; then the blocks.
  const head = 13 + 12;
  const subBlocks = (s: string) => {
    const bytes = Buffer.from(s, 'latin1');
    const out: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 255) {
      const part = bytes.subarray(i, i + 255);
      out.push(Buffer.from([part.length]), part);
    }
    return Buffer.concat([...out, Buffer.from([0])]);
  };
  const app = (id: string, data: string) =>
    Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from(id, 'latin1'), subBlocks(data)]);
  const crafted = Buffer.concat([
    original.subarray(0, head),
    Buffer.from([0x21, 0xfe]),
    subBlocks('secret comment'),
    // XMP as Adobe writes it: the packet, then the 258-byte "magic trailer".
    app('XMP DataXMP', `<x:xmpmeta>GPS 22.3193N</x:xmpmeta>${'\x01'.repeat(258)}`),
    app('ICCRGBG1012', 'ICC_PROFILE bytes'),
    Buffer.from([0x21, 0x01]),
    subBlocks('\x0c\0\0\0\0\x04\0\x04\x01\x01\x00\x01private note'),
    original.subarray(head, original.length - 1),
    Buffer.from([0x21, 0xfe]),
    subBlocks('secret comment'),
    Buffer.from([0x3b]),
    Buffer.from('after the end MotionPhoto', 'latin1'),
  ]);

  CRAFTED.gif = crafted;

  const drawn = (gif: Buffer) => {
    const r = new GifReader(gif);
    return {
      loop: r.loopCount(),
      frames: Array.from({ length: r.numFrames() }, (_v, i) => {
        const out = new Uint8Array(4 * 4 * 4);
        r.decodeAndBlitFrameRGBA(i, out);
        return { info: r.frameInfo(i), out: Buffer.from(out) };
      }),
    };
  };

  it('keeps its frames, their timing and its loop count, and nothing else', () => {
    const clean = stripImage('gif', crafted);
    holdsNoSecret(clean);
    expect(clean.toString('latin1')).not.toContain('XMP');
    expect(clean.toString('latin1')).not.toContain('ICCRGBG');
    expect(clean.at(-1)).toBe(0x3b);
    expect(drawn(clean)).toEqual(drawn(original));
    expect(drawn(clean).loop).toBe(3);
    expect(drawn(clean).frames).toHaveLength(2);
  });

  it('refuses a GIF cut inside a block', () => {
    expect(() => stripImage('gif', crafted.subarray(0, head + 6))).toThrow();
  });
});

const riffChunk = (type: string, data: string | Buffer) => {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const h = Buffer.alloc(8);
  h.write(type, 0, 'latin1');
  h.writeUInt32LE(bytes.length, 4);
  return Buffer.concat([h, bytes, Buffer.alloc(bytes.length % 2)]);
};
const riff = (...chunks: Buffer[]) => {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  const head = Buffer.from('RIFF\0\0\0\0', 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
};
/** Chunk types of a RIFF body, nested frames included, in order. */
function chunkTypes(buf: Buffer, from = 12, to = buf.length): string[] {
  const types: string[] = [];
  for (let i = from; i + 8 <= to;) {
    const type = buf.toString('latin1', i, i + 4);
    const size = buf.readUInt32LE(i + 4);
    types.push(type);
    if (type === 'ANMF')
      types.push(...chunkTypes(buf, i + 8 + 16, i + 8 + size).map((t) => `ANMF/${t}`));
    i += 8 + size + (size % 2);
  }
  return types;
}

describe('WebP', () => {
  const vp8l = Buffer.from([0x2f, 0x00, 0x00, 0x00, 0x00, 0x88, 0x88, 0x08]);
  const vp8x = Buffer.alloc(10);
  // ICC, alpha, EXIF, XMP, animation, and the reserved bits set.
  vp8x[0] = 0xff;
  vp8x[1] = 0x55;
  const frame = Buffer.concat([
    Buffer.alloc(16),
    riffChunk('VP8L', vp8l),
    riffChunk('XYZW', 'private note'),
  ]);
  const crafted = Buffer.concat([
    riff(
      riffChunk('VP8X', vp8x),
      riffChunk('ICCP', 'ICC_PROFILE bytes'),
      riffChunk('ANIM', Buffer.alloc(6)),
      riffChunk('ANMF', frame),
      riffChunk('EXIF', 'MM\0*GPS 22.3193N'),
      riffChunk('XMP ', '<x:xmpmeta/>'),
      riffChunk('ABCD', 'secret comment'),
    ),
    Buffer.from('after the end', 'latin1'),
  ]);

  CRAFTED.webp = crafted;

  it('keeps its picture chunks within the RIFF, flags and sizes true of what is left', () => {
    const clean = stripImage('webp', crafted);
    holdsNoSecret(clean);
    expect(chunkTypes(clean)).toEqual(['VP8X', 'ANIM', 'ANMF', 'ANMF/VP8L']);
    expect(clean.readUInt32LE(4)).toBe(clean.length - 8);
    // Alpha and animation stay; ICC, EXIF, XMP and reserved bits are cleared.
    expect(clean[20]).toBe(0x12);
    expect(clean.subarray(21, 24)).toEqual(Buffer.alloc(3));
  });

  it('keeps a simple lossless WebP whole, and refuses one without a picture', () => {
    const simple = riff(riffChunk('VP8L', vp8l));
    expect(stripImage('webp', Buffer.concat([simple, Buffer.from('after the end')]))).toEqual(
      simple,
    );
    expect(() => stripImage('webp', riff(riffChunk('EXIF', 'x')))).toThrow();
  });
});

describe('a member uploading them to the chat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp();
  });
  afterAll(() => t.close());

  // The burst is 3 pictures a member: a member of its own for each.
  const chatTokenOfNewMember = async () => {
    const { token, c } = await registered(t.app);
    const ticket = await c.send({ method: 'POST', url: '/app-api/api/v2/chat/ticket' }, token);
    const session = await t.app.inject({
      method: 'POST',
      url: '/chat-api/session',
      headers: { authorization: `Bearer ${ticket.json().data.chatLoginToken}` },
    });
    return session.json().data.chatToken as string;
  };

  it('stores each format cleaned', async () => {
    expect(Object.keys(CRAFTED).sort()).toEqual(['gif', 'jpeg', 'png', 'webp']);
    for (const [kind, bytes] of Object.entries(CRAFTED)) {
      const boundary = 'kjcleanboundary';
      const res = await t.app.inject({
        method: 'POST',
        url: '/chat-api/images',
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a"\r\n` +
              'content-type: application/octet-stream\r\n\r\n',
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${await chatTokenOfNewMember()}`,
        },
      });
      expect(res.statusCode, kind).toBe(200);
      const served = await t.app.inject({ url: res.json().data.path });
      expect(served.statusCode).toBe(200);
      holdsNoSecret(served.rawPayload);
      expect(served.rawPayload).toEqual(stripImage(kind as 'gif', bytes));
    }
  });
});
