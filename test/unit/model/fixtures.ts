import * as assert from 'assert';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { resolveInArchive } from '../../../src/formats/archive/archive-path';
import { readSample } from '../helpers';
export { prng } from '../../fixtures/prng';

const cache = new Map<string, Uint8Array>();

/** A file inside one of the shared sample archives (`archives/<arc>.arc`), read in place. */
export function archiveFile(arc: string, inner: string): Uint8Array {
  const key = `${arc}:${inner}`;
  let bytes = cache.get(key);
  if (!bytes) {
    const sink = new DiagnosticSink();
    bytes = resolveInArchive(readSample(`archives/${arc}.arc`), inner, sink);
    assert.ok(bytes, `${inner} not found in ${arc}.arc: ${JSON.stringify(sink.list)}`);
    cache.set(key, bytes);
  }
  return bytes;
}

export const CORE_BDL = (): Uint8Array => archiveFile('TripodBossCore', 'TripodBossCore/TripodBossCore.bdl');
export const BOSS_BDL = (): Uint8Array => archiveFile('TripodBoss', 'TripodBoss/TripodBoss.bdl');
export const FOOT_BDL = (): Uint8Array => archiveFile('TripodBossFoot', 'TripodBossFoot/TripodBossFoot.bdl');

/** Big-endian f32 from its 8 hex digits as stored (golden values are typed from xxd output). */
export function f32hex(h: string): number {
  const b = Buffer.from(h, 'hex');
  return b.readFloatBE(0);
}

// ---------------------------------------------------------------------------------------------
// A minimal synthetic model writer (J3D2bdl4 with INF1, JNT1, MAT3 and an empty SHP1) for the
// hostile-structure tests. Layout as in the real files: chunk headers, tables, 0x20 alignment.

export interface SynthJoint {
  name: string;
  kind?: number;
  ssc?: number;
  scale?: [number, number, number];
  rotation?: [number, number, number];
  translation?: [number, number, number];
}

export interface SynthModel {
  loadFlags?: number;
  /** [type, index] pairs, written as is (include the End node yourself). */
  nodes: [number, number][];
  joints: SynthJoint[];
  materials: string[];
  shapeCount?: number;
  /** SHP1 records written (default: one per shape). */
  shapeRecords?: number;
  /** SHP1 remap entry of every shape (default: identity). */
  shapeRemap?: number;
  /** Packet count of every SHP1 record (default 0; the group and draw tables stay empty). */
  packetCount?: number;
  /** Omit chunks by id. */
  omit?: string[];
}

class Out {
  bytes: number[] = [];
  get length(): number { return this.bytes.length; }
  u8(v: number): void { this.bytes.push(v & 0xFF); }
  u16(v: number): void { this.u8(v >> 8); this.u8(v); }
  u32(v: number): void { this.u16(v >>> 16); this.u16(v & 0xFFFF); }
  s16(v: number): void { this.u16(v & 0xFFFF); }
  f32(v: number): void { const b = Buffer.alloc(4); b.writeFloatBE(v); for (const x of b) this.u8(x); }
  text(s: string): void { for (const c of s) this.u8(c.charCodeAt(0)); }
  align(n: number): void { while (this.bytes.length % n) this.u8(0); }
  setU32(at: number, v: number): void { for (let i = 0; i < 4; i++) this.bytes[at + i] = (v >>> (24 - 8 * i)) & 0xFF; }
}

function nameTable(out: Out, names: string[]): void {
  const start = out.length;
  out.u16(names.length);
  out.u16(0xFFFF);
  let off = 4 + names.length * 4;
  for (const n of names) {
    let h = 0;
    for (const c of Buffer.from(n, 'latin1')) h = (h * 3 + (c >= 0x80 ? c - 0x100 : c)) & 0xFFFF;
    out.u16(h);
    out.u16(off);
    off += n.length + 1;
  }
  for (const n of names) { out.text(n); out.u8(0); }
  void start;
}

function chunk(out: Out, id: string, body: (chunkStart: number) => void): void {
  const start = out.length;
  out.text(id);
  out.u32(0);
  body(start);
  out.align(0x20);
  out.setU32(start + 4, out.length - start);
}

export function writeModel(spec: SynthModel): Uint8Array {
  const out = new Out();
  const omit = new Set(spec.omit ?? []);
  out.text('J3D2bdl4');
  out.u32(0);
  out.u32(0);
  out.text('SVR3');
  for (let i = 0; i < 12; i++) out.u8(0xFF);
  let chunks = 0;
  if (!omit.has('INF1')) {
    chunks++;
    chunk(out, 'INF1', () => {
      out.u16(spec.loadFlags ?? 0); out.u16(0xFFFF); out.u32(0); out.u32(0); out.u32(0x18);
      for (const [t, v] of spec.nodes) { out.u16(t); out.u16(v); }
    });
  }
  if (!omit.has('JNT1')) {
    chunks++;
    chunk(out, 'JNT1', (s) => {
      const n = spec.joints.length;
      out.u16(n); out.u16(0xFFFF);
      const offsAt = out.length;
      out.u32(0); out.u32(0); out.u32(0);
      out.setU32(offsAt, out.length - s);
      for (const j of spec.joints) {
        out.u16(j.kind ?? 0); out.u8(j.ssc ?? 0); out.u8(0xFF);
        for (const v of j.scale ?? [1, 1, 1]) out.f32(v);
        for (const v of j.rotation ?? [0, 0, 0]) out.s16(v);
        out.u16(0xFFFF);
        for (const v of j.translation ?? [0, 0, 0]) out.f32(v);
        for (let k = 0; k < 7; k++) out.f32(0);
      }
      out.setU32(offsAt + 4, out.length - s);
      for (let i = 0; i < n; i++) out.u16(i);
      out.align(4);
      out.setU32(offsAt + 8, out.length - s);
      nameTable(out, spec.joints.map((j) => j.name));
    });
  }
  if (!omit.has('SHP1')) {
    chunks++;
    // Shapes with no packets: records, an identity remap, one empty descriptor list; the
    // matrix/display-list/group/draw tables are empty (their offsets point at the end).
    chunk(out, 'SHP1', (s) => {
      const n = spec.shapeCount ?? 1;
      out.u16(n); out.u16(0xFFFF);
      const offsAt = out.length;
      for (let i = 0; i < 8; i++) out.u32(0);
      out.setU32(offsAt, out.length - s);
      for (let i = 0; i < (spec.shapeRecords ?? n); i++) {
        out.u8(0); out.u8(0xFF); out.u16(spec.packetCount ?? 0); out.u16(0); out.u16(0); out.u16(0); out.u16(0xFFFF);
        for (let k = 0; k < 7; k++) out.f32(0);
      }
      out.setU32(offsAt + 4, out.length - s);
      for (let i = 0; i < n; i++) out.u16(spec.shapeRemap ?? i);
      out.align(4);
      out.setU32(offsAt + 12, out.length - s);
      out.u32(0xFF); out.u32(0);
      for (const k of [16, 20, 24, 28]) out.setU32(offsAt + k, out.length - s);
    });
  }
  if (!omit.has('MAT3')) {
    chunks++;
    chunk(out, 'MAT3', (s) => {
      const n = spec.materials.length;
      out.u16(n); out.u16(0xFFFF);
      const offsAt = out.length;
      for (let i = 0; i < 30; i++) out.u32(0);
      out.setU32(offsAt, out.length - s);
      // Records with every index unset (0xFF / 0xFFFF): the defaults, no table needed.
      for (let i = 0; i < n; i++) { out.u8(1); for (let k = 1; k < 0x14C; k++) out.u8(0xFF); }
      out.setU32(offsAt + 4, out.length - s);
      for (let i = 0; i < n; i++) out.u16(i);
      out.align(4);
      out.setU32(offsAt + 8, out.length - s);
      nameTable(out, spec.materials);
    });
  }
  out.setU32(8, out.length);
  out.setU32(12, chunks);
  return Uint8Array.from(out.bytes);
}
