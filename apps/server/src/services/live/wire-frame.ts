// A snapshot goes to every subscriber of its game as the same bytes. ws frames each send of its
// own (a header allocated and two writes per socket); at 10,000 sockets a ball is 10,000 of each.
// Framed once here instead, each socket gets one write of one shared buffer. A socket's own answer
// to its subscribe is framed here too: one buffer and one write, where ws makes three and two.

/** One unmasked, final text frame (RFC 6455 §5.2) and the text it carries. */
export interface WireFrame {
  readonly wire: Buffer;
  readonly payload: Buffer;
}

export function textFrame(text: string): WireFrame {
  const n = Buffer.byteLength(text);
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  // One buffer, the text encoded straight into it: no copy of a payload made first.
  const wire = Buffer.allocUnsafe(head + n);
  wire[0] = 0x81; // FIN, opcode 1 (text); a server's frames are never masked
  if (head === 2) wire[1] = n;
  else if (head === 4) {
    wire[1] = 126;
    wire.writeUInt16BE(n, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(n), 2);
  }
  wire.write(text, head, 'utf8');
  return { wire, payload: wire.subarray(head) };
}
