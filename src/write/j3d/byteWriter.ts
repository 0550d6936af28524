/**
 * A growing big-endian byte buffer for laying out a J3D chunk: append tables and banks, align
 * with the converter's padding text, patch header offsets once their tables are placed. Values
 * are checked by the keys reader (keysInput.ts) before they get here, so the setters do not.
 */
import { align, fillPadding } from '../padding';

export class ByteWriter {
  private buf = new Uint8Array(256);
  private view = new DataView(this.buf.buffer);
  length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    let size = this.buf.length;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** Appends `n` zero bytes; returns where they start. */
  skip(n: number): number {
    this.ensure(n);
    const at = this.length;
    this.buf.fill(0, at, at + n);
    this.length += n;
    return at;
  }

  /** Pads to a multiple of `to` with the padding text. */
  pad(to: number): number {
    const end = align(this.length, to);
    this.ensure(end - this.length);
    fillPadding(this.buf, this.length, end);
    this.length = end;
    return end;
  }

  /** Pads to a multiple of `to` with `byte`. */
  padWith(to: number, byte: number): number {
    const end = align(this.length, to);
    this.ensure(end - this.length);
    this.buf.fill(byte, this.length, end);
    this.length = end;
    return end;
  }

  bytes(from: Uint8Array | readonly number[]): number {
    const at = this.skip(from.length);
    this.buf.set(from, at);
    return at;
  }

  u8(at: number, v: number): void { this.view.setUint8(at, v); }
  u16(at: number, v: number): void { this.view.setUint16(at, v); }
  s16(at: number, v: number): void { this.view.setInt16(at, v); }
  u32(at: number, v: number): void { this.view.setUint32(at, v); }
  f32(at: number, v: number): void { this.view.setFloat32(at, v); }

  /** Appends `values` as `type` elements; returns where they start. */
  array(type: 'u8' | 'u16' | 's16' | 'f32', values: readonly number[]): number {
    const size = type === 'u8' ? 1 : type === 'f32' ? 4 : 2;
    const at = this.skip(values.length * size);
    const set = type === 'u8' ? this.u8 : type === 'u16' ? this.u16 : type === 's16' ? this.s16 : this.f32;
    for (let i = 0; i < values.length; i++) set.call(this, at + i * size, values[i]);
    return at;
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

/**
 * A one-chunk J3D file around `chunk` (whose bytes 0–7 are left for its magic and size): the
 * `J3D1` header, 0x10–0x1F `SVR1` + `FF` × 12 (or `FF` × 16 where the kind's files have no SVR1:
 * BCK, BCA), the chunk's size field its length or `chunkSize` (TTK1 counts 4 bytes past its
 * tables and is padded past that, FORMATS.md §3).
 */
export function j3dFile(type: string, chunkMagic: string, chunk: ByteWriter, o: { svr: boolean; chunkSize?: number }): Uint8Array {
  const file = new ByteWriter();
  file.bytes(ascii(`J3D1${type}`));
  file.skip(8);
  file.bytes(o.svr ? ascii('SVR1') : [0xff, 0xff, 0xff, 0xff]);
  file.bytes(new Array(12).fill(0xff));
  const body = chunk.result();
  body.set(ascii(chunkMagic), 0);
  new DataView(body.buffer).setUint32(4, o.chunkSize ?? body.length);
  file.bytes(body);
  file.u32(8, file.length);
  file.u32(12, 1);
  return file.result();
}
