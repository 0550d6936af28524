/**
 * What a structure row's value may be typed as (issue 28's inline edit): the field's stored type
 * says it. Integers in their type's range, floats that the type can hold, text no longer than the
 * bytes it has (the file's layout does not change: fields are written in place). The page refuses
 * here, before anything is sent; the host checks again (editResult).
 */
import type { FieldNode } from '../../src/formats/binary/fields';

export type FieldInputSpec =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'float'; max: number }
  | { kind: 'text'; maxBytes: number };

const INT_RANGES: Record<string, [number, number]> = {
  u8: [0, 0xff], s8: [-0x80, 0x7f], u16: [0, 0xffff], s16: [-0x8000, 0x7fff], u32: [0, 0xffffffff], s32: [-0x80000000, 0x7fffffff],
};
/** The largest finite value of each float type. */
const FLOAT_MAX: Record<string, number> = { f32: 3.4028234663852886e38, f16: 65504 };

/** How the field's value is typed; undefined when it cannot be edited (a structure, missing bytes, raw bytes). */
export function fieldInputSpec(node: FieldNode): FieldInputSpec | undefined {
  if (node.missing || node.children?.length || node.value === undefined) return undefined;
  const ints = INT_RANGES[node.type];
  if (ints && typeof node.value === 'number') return { kind: 'int', min: ints[0], max: ints[1] };
  if (node.type in FLOAT_MAX && typeof node.value === 'number') return { kind: 'float', max: FLOAT_MAX[node.type] };
  if (typeof node.value !== 'string') return undefined;
  const chars = /^char\[(\d+)\]$/.exec(node.type);
  if (chars) return { kind: 'text', maxBytes: Number(chars[1]) };
  // a C string keeps its terminator within its bytes
  if (node.type === 'cstring' && node.size > 0) return { kind: 'text', maxBytes: node.size - 1 };
  return undefined;
}

/** The text the input starts with: the value as stored (a float in its shortest form that reads back the same). */
export function fieldInputText(node: FieldNode): string {
  const v = node.value;
  if (typeof v === 'string') return v;
  if (typeof v !== 'number') return '';
  if (node.type !== 'f32' || !Number.isFinite(v)) return String(v);
  for (let p = 1; p < 17; p++) {
    const s = String(Number(v.toPrecision(p)));
    if (Math.fround(Number(s)) === v) return s;
  }
  return String(v);
}

const DECIMAL_INT = /^[+-]?\d+$/;
const HEX_INT = /^0x[0-9a-f]+$/i;
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The typed value, or why it cannot be stored (one line: the field's type and range). */
export function parseFieldInput(node: FieldNode, spec: FieldInputSpec, text: string): { value: number | string } | { error: string } {
  if (spec.kind === 'text') {
    const bytes = new TextEncoder().encode(text).length;
    return bytes <= spec.maxBytes ? { value: text } : { error: `${node.type} holds at most ${spec.maxBytes} bytes (this is ${bytes})` };
  }
  const t = text.trim();
  if (spec.kind === 'int') {
    const value = DECIMAL_INT.test(t) || HEX_INT.test(t) ? Number(t) : NaN;
    if (!Number.isSafeInteger(value) || value < spec.min || value > spec.max) return { error: `${node.type}: an integer from ${spec.min} to ${spec.max}` };
    return { value };
  }
  const value = FLOAT.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(value) || Math.abs(value) > spec.max) return { error: `${node.type}: a finite number from −${spec.max} to ${spec.max}` };
  return { value };
}
