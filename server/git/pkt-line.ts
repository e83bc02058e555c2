/** Git's pkt-line framing: writing lines, and an incremental reader for parsing streams as they pass. */

/** A pkt-line holding `text`. */
export function pktLine(text: string | Buffer): Buffer {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return Buffer.concat([Buffer.from((body.length + 4).toString(16).padStart(4, '0'), 'ascii'), body]);
}

/** The flush packet. */
export const FLUSH = Buffer.from('0000', 'ascii');

/** A packet read from a stream: data, or a special packet (flush 0000, delim 0001, response-end 0002). */
export type Packet = { kind: 'data'; data: Buffer } | { kind: 'flush' | 'delim' | 'end' };

/**
 * Splits a byte stream into packets as chunks arrive. Holds at most one partial packet (at most 65520 bytes),
 * so a large stream is never kept whole.
 */
export class PktReader {
  private buf: Buffer = Buffer.alloc(0);
  /** Set when the stream is not valid pkt-line framing; reading stops. */
  broken = false;

  /** Feeds a chunk; returns the packets it completed. */
  push(chunk: Buffer): Packet[] {
    if (this.broken) return [];
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Packet[] = [];
    while (this.buf.length >= 4) {
      const len = Number.parseInt(this.buf.subarray(0, 4).toString('ascii'), 16);
      if (!/^[0-9a-f]{4}$/i.test(this.buf.subarray(0, 4).toString('ascii')) || len === 3 || len > 65520) {
        this.broken = true;
        return out;
      }
      if (len <= 2) {
        out.push({ kind: len === 0 ? 'flush' : len === 1 ? 'delim' : 'end' });
        this.buf = this.buf.subarray(4);
        continue;
      }
      if (this.buf.length < len) break;
      out.push({ kind: 'data', data: this.buf.subarray(4, len) });
      this.buf = this.buf.subarray(len);
    }
    return out;
  }

  /** The bytes received after the last complete packet. */
  rest(): Buffer {
    return this.buf;
  }
}
