/**
 * Writing one scalar of a field's type, the inverse of readScalar (src/formats/binary/fields.ts),
 * refusing what the type cannot store.
 */
import { Endian, ScalarType, SCALAR_SIZE } from '../formats/binary/fields';
import { describe, fail } from './input';

const INTEGER_RANGE: Partial<Record<ScalarType, [number, number]>> = {
  u8: [0, 0xff], s8: [-0x80, 0x7f], u16: [0, 0xffff], s16: [-0x8000, 0x7fff], u32: [0, 0xffffffff], s32: [-0x80000000, 0x7fffffff],
};

const F32_MAX = 3.4028234663852886e38;
const F16_MAX = 65504;
const scratch = new DataView(new ArrayBuffer(4));

/** number → IEEE binary16 bits, rounded to nearest even (subnormals included); |value| ≤ 65504. */
export function floatToHalf(value: number): number {
  scratch.setFloat32(0, value);
  const f = scratch.getUint32(0);
  const sign = (f >>> 16) & 0x8000;
  const exponent = (f >>> 23) & 0xff;
  const mantissa = f & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    const m = mantissa | 0x800000;
    const shift = 14 - e;
    let half = m >>> shift;
    const rest = m & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (rest > halfway || (rest === halfway && (half & 1))) half++;
    return sign | half;
  }
  let half = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && (half & 1))) half++;
  return sign | half;
}

function pathOf(where: string | (() => string)): string {
  return typeof where === 'string' ? where : where();
}

/**
 * Writes `value` as `type` at `offset`. Integers must be whole and in range; floats finite and in
 * the type's range (f32 rounds to the nearest float, f16 to the nearest half). `path` names the
 * value in the JSON document for the error.
 */
export function writeScalar(out: Uint8Array, offset: number, type: ScalarType, endian: Endian, value: unknown, where: string | (() => string)): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(pathOf(where), `expected a number for ${type}, got ${describe(value)}`);
  const size = SCALAR_SIZE[type];
  if (offset < 0 || offset + size > out.length) fail(pathOf(where), `${type} at ${offset} lies outside the file (${out.length} bytes)`);
  let bits: number;
  const range = INTEGER_RANGE[type];
  if (range) {
    if (!Number.isInteger(value)) fail(pathOf(where), `${value} is not a whole number (${type})`);
    if (value < range[0] || value > range[1]) fail(pathOf(where), `${value} does not fit in ${type} (${range[0]}..${range[1]})`);
    bits = value;
  } else if (type === 'f32') {
    if (Math.abs(value) > F32_MAX) fail(pathOf(where), `${value} does not fit in f32`);
    // JSON has no −0 (it reads back as 0): written as 0 here too, so the export's rawBytes keep the sign bit
    scratch.setFloat32(0, value + 0);
    bits = scratch.getUint32(0);
  } else {
    if (Math.abs(value) > F16_MAX) fail(pathOf(where), `${value} does not fit in f16 (±${F16_MAX})`);
    bits = floatToHalf(value + 0);
  }
  const le = endian === 'little';
  for (let i = 0; i < size; i++) {
    const shift = 8 * (le ? i : size - 1 - i);
    out[offset + i] = Math.floor(bits / 2 ** shift) & 0xff;
  }
}
