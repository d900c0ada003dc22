// Small image files built byte by byte, for upload tests.

const seg = (marker: number, body: Buffer) => {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** A JPEG's skeleton: JFIF, EXIF with a place, a comment, XMP, Adobe, the frame, then the scan. */
export function jpegWithExif(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    seg(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    seg(0xe1, Buffer.from('Exif\0\0GPS 22.3193N 114.1694E', 'latin1')),
    seg(0xfe, Buffer.from('shot at home', 'latin1')),
    seg(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>', 'latin1')),
    seg(0xee, Buffer.from('Adobe\0\x64\0\0\0\0\x01', 'latin1')),
    seg(0xdb, Buffer.alloc(65, 1)),
    // One 1x1 frame of one component.
    seg(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
    Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0xff, 0xd9]),
  ]);
}
