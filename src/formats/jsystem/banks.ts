/**
 * Reading the big-endian banks and numbers of a J3D file, clamped to its bytes: shared by the
 * decoders (host) and the page, which copies the banks a load brings (unpackSrtBanks) and nothing
 * more of the decoders.
 */

/** The banks of a BCK or BCA (scale f32, rotation s16, translation f32), decoded. */
export interface SrtBanks { scaleBank: Float32Array; rotationBank: Int16Array; translationBank: Float32Array }

/** The banks from packSrtBanks' views, copied as the decoder copies them; undefined when they are not byte arrays. */
export function unpackSrtBanks(x: Record<string, unknown>): SrtBanks | undefined {
  const { scaleBank: s, rotationBank: r, translationBank: t } = x;
  if (!(s instanceof Uint8Array) || !(r instanceof Uint8Array) || !(t instanceof Uint8Array)) return undefined;
  return { scaleBank: copyF32Bank(s, 0, s.length >> 2), rotationBank: copyS16Bank(r, 0, r.length >> 1), translationBank: copyF32Bank(t, 0, t.length >> 2) };
}

/** Copies a big-endian f32 bank, clamped to the elements inside the bytes. */
export function copyF32Bank(bytes: Uint8Array, offset: number, count: number): Float32Array {
  const n = clampCount(bytes, offset, count, 4);
  const out = new Float32Array(n);
  if (n === 0) return out;
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, n * 4);
  for (let i = 0; i < n; i++) out[i] = view.getFloat32(i * 4, false);
  return out;
}

/** Copies a big-endian s16 bank, clamped to the elements inside the bytes. */
export function copyS16Bank(bytes: Uint8Array, offset: number, count: number): Int16Array {
  const n = clampCount(bytes, offset, count, 2);
  const out = new Int16Array(n);
  for (let i = 0, p = offset; i < n; i++, p += 2) out[i] = (bytes[p] << 8) | bytes[p + 1];
  return out;
}

/** Copies a u16 bank, clamped to the elements inside the bytes. */
export function copyU16Bank(bytes: Uint8Array, offset: number, count: number): Uint16Array {
  const n = clampCount(bytes, offset, count, 2);
  const out = new Uint16Array(n);
  for (let i = 0, p = offset; i < n; i++, p += 2) out[i] = (bytes[p] << 8) | bytes[p + 1];
  return out;
}

/**
 * Copies a u8 bank, clamped to the bytes, into a plain Uint8Array: a Node Buffer's `slice` is a view
 * and stays a Buffer, which VS Code's webview messages do not carry as bytes.
 */
export function copyU8Bank(bytes: Uint8Array, offset: number, count: number): Uint8Array {
  const n = clampCount(bytes, offset, count, 1);
  return new Uint8Array(bytes.subarray(offset, offset + n));
}

export function clampCount(bytes: Uint8Array, offset: number, count: number, size: number): number {
  if (count <= 0 || offset < 0 || offset >= bytes.length) return 0;
  return Math.max(0, Math.min(count, Math.floor((bytes.length - offset) / size)));
}

export function readU16(bytes: Uint8Array, offset: number): number {
  return offset >= 0 && offset + 2 <= bytes.length ? (bytes[offset] << 8) | bytes[offset + 1] : 0;
}

export function readU32(bytes: Uint8Array, offset: number): number {
  return offset >= 0 && offset + 4 <= bytes.length
    ? ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]) >>> 0
    : 0;
}

