/**
 * Keys form → build for the eleven J3D kinds besides BCK (src/write/j3d/kinds): every distinct
 * real file, the synthetic file of each kind without a sample, and seeded generated files of
 * every kind (test/fixtures/j3d-kinds-writer.ts, j3d-writer.ts) build to a file that samples like
 * its source, decodes with no error its source has not and gives back the same keys form. How many real files come
 * out byte-identical is measured in the bench, not asserted. Bad keys forms are refused with
 * their JSON path.
 */
import { strict as assert } from 'assert';
import { sampleFile } from '../../../src/kinds/sample';
import { decode } from '../../../src/formats/index';
import type { DecodedFile } from '../../../src/formats/types';
import { buildFromKeys } from '../../../src/write/buildFromKeys';
import { BuildInputError } from '../../../src/write/input';
import { keysDocument } from '../../../src/write/keysForm';
import { syntheticKindFiles, writeBca, writeBla, writeBlk, writeBpa, writeBpk, writeBtp, writeBva, writeBxa, writeBxk } from '../../fixtures/j3d-kinds-writer';
import type { FullSpec } from '../../fixtures/j3d-kinds-writer';
import { writeBrk, writeBtk } from '../../fixtures/j3d-writer';
import type { SrtSpec, TrackSpec } from '../../fixtures/j3d-writer';
import { prng } from '../../fixtures/prng';
import { readSample, realFiles } from '../helpers';

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** Builds `source` from its keys form; asserts the round trip. Returns the built bytes. */
function roundTrip(source: DecodedFile, name: string, label = name): Uint8Array {
  const keys = json(keysDocument(source.anim!));
  const bytes = buildFromKeys(keys);
  const built = decode(bytes, name);
  assert.equal(built.format, source.format, label);
  // errors only where the source has them (a count-0 full track reads before its bank in both)
  const errors = (f: DecodedFile): string[] => f.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
  assert.deepEqual(errors(built), errors(source), label);
  assert.deepEqual(json(keysDocument(built.anim!)), keys, `${label}: keys → build → keys`);
  assert.deepEqual(json(sampleFile(built)), json(sampleFile(source)), `${label}: samples`);
  return bytes;
}

function distinctRealFiles() {
  const seen = new Set<string>();
  return realFiles().filter((f) => {
    const key = Buffer.from(f.bytes).toString('base64');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).map((f) => ({ ...f, file: decode(f.bytes, f.name) })).filter((f) => f.file.anim && f.file.format !== 'bck' && f.file.format !== 'motn');
}

describe('write: keys → build for the other J3D kinds', () => {
  const real = distinctRealFiles();
  it('has real files of BTK, BRK, BTP, BPK, BVA and BCA', () => {
    assert.deepEqual([...new Set(real.map((f) => f.file.format))].sort(), ['bca', 'bpk', 'brk', 'btk', 'btp', 'bva']);
  });
  for (const f of real) {
    it(`${f.path}: samples identically, keys → build → keys is the identity`, () => { roundTrip(f.file, f.name, f.path); });
  }
  for (const f of syntheticKindFiles()) {
    it(`synthetic ${f.name}: samples identically, keys → build → keys is the identity`, () => { roundTrip(decode(f.bytes, f.name), f.name); });
  }

  it('the layout is the converter\'s: a real BRK and BTP come out byte for byte', () => {
    for (const rel of ['j3d/smg/TripodBossBodyA/Wait.brk', 'j3d/smg/TripodBossCoreUnbreakableBloom/Wait.btk']) {
      const bytes = readSample(rel);
      assert.deepEqual(roundTrip(decode(bytes, 'a.' + rel.slice(-3)), 'a.' + rel.slice(-3), rel), bytes, rel);
    }
  });
});

describe('write: a keys form that names no rotation fraction', () => {
  it('BCK and BTK get the smallest fraction whose range holds every rotation; a value between steps takes the nearest', () => {
    for (const rel of ['j3d/smg/TripodBoss/StartDemo.bck', 'j3d/smg/TripodBossCore/Wait.btk']) {
      const doc = json(keysDocument(decode(readSample(rel), rel).anim!)) as any;
      delete doc.header.rotationFraction;
      const track = doc.targets[0].tracks.find((t: { channel: string }) => t.channel === 'rotation');
      track.keys[0].value = 700.3;
      const built = decode(buildFromKeys(doc), rel.slice(-9));
      const anim = built.anim as { rotationFraction: number };
      // fraction 1 holds ±359.989°, fraction 2 ±719.978° (32767 steps of 2^f × 180° / 32768)
      assert.equal(anim.rotationFraction, 2, rel);
      const step = (4 * 180) / 32768;
      const back = keysDocument(built.anim!).targets[0].tracks.find((t) => t.path === track.path)!.keys![0].value;
      assert.equal(back, Math.round(700.3 / step) * step, rel);
    }
  });
});

// ------------------------------------------------------------------------------------------
// Generated animations of every kind

const SEEDS = 25;

function generators(r: () => number) {
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  const duration = int(1, 40);
  /** A keyed track: nothing, a constant or 2–6 keys in rising frames (mode 0 or 1), values from `value`. */
  const keyed = (value: () => number, frame: (f: number) => number = (f) => f): TrackSpec => {
    const kind = int(0, 5);
    if (kind === 0) return null;
    if (kind === 1) return value();
    let t = 0;
    const keys = Array.from({ length: int(2, 6) }, () => ({ time: frame(t += int(0, 8)), value: value(), inTangent: value(), outTangent: value(), tangent: value() }));
    return { keys, tangentMode: int(0, 1) };
  };
  /** A full track: nothing, a constant or 1–`duration + 1` frames (often repeating values: runs). */
  const full = (value: () => number, nothing = true): FullSpec => {
    const kind = int(nothing ? 0 : 1, 3);
    if (kind === 0) return null;
    if (kind === 1) return value();
    const vs: number[] = [];
    for (let i = int(1, duration + 1); i > 0; i--) vs.push(vs.length && r() < 0.5 ? vs[vs.length - 1] : value());
    return vs;
  };
  const byte = (): number => int(0, 255);
  const s16 = (): number => int(-300, 300);
  const f32 = (): number => Math.fround((r() - 0.5) * 20);
  const name = (): string => pick(['mat0', 'Eye_v', 'Body', 'lambert2', 'FooMat']) + int(0, 3);
  const srt = (rotation: () => number): SrtSpec => ({ scale: keyed(f32), rotation: keyed(rotation), translation: keyed(f32) });
  const rgba = <T>(track: () => T) => ({ r: track(), g: track(), b: track(), a: track() });
  const entries = <T>(make: () => T, min = 1): T[] => Array.from({ length: int(min, 4) }, make);
  const indices = (): number[] => Array.from({ length: int(0, 5) }, () => int(0, 20));
  return {
    btk: () => writeBtk({ duration, loopMode: int(0, 4), rotationFraction: int(0, 3), matrixMode: int(0, 1),
      entries: entries(() => ({ name: name(), texMtxIndex: int(0, 9), center: [f32(), f32(), f32()] as [number, number, number], s: srt(s16), t: srt(s16), q: srt(s16) })) }),
    brk: () => writeBrk({ duration, loopMode: int(0, 4),
      register: entries(() => ({ name: name(), colorId: int(0, 3), ...rgba(() => keyed(s16)) }), 0),
      konstant: entries(() => ({ name: name(), colorId: int(0, 3), ...rgba(() => keyed(s16)) }), 0) }),
    bpk: () => writeBpk({ duration, loopMode: int(0, 4), entries: entries(() => ({ name: name(), ...rgba(() => keyed(s16)) })) }),
    bpa: () => writeBpa({ duration, loopMode: int(0, 4), entries: entries(() => ({ name: name(), ...rgba(() => full(byte)) })) }),
    btp: () => writeBtp({ duration, loopMode: int(0, 4), entries: entries(() => ({ name: name(), slot: int(0, 7), texture: full(() => int(0, 9), false) })) }),
    bva: () => writeBva({ duration, loopMode: int(0, 4), shapes: entries(() => full(() => int(0, 1), false)) }),
    bca: () => writeBca({ duration, loopMode: int(0, 4), joints: entries(() => ({ x: { scale: full(f32, false), rotation: full(s16, false), translation: full(f32, false) },
      y: { scale: full(f32, false), rotation: full(s16, false), translation: full(f32, false) }, z: { scale: full(f32, false), rotation: full(s16, false), translation: full(f32, false) } })) }),
    blk: () => writeBlk({ duration, loopMode: int(0, 4), tracks: entries(() => keyed(f32, Math.fround)) }),
    bla: () => writeBla({ duration, loopMode: int(0, 4), tracks: entries(() => full(f32)) }),
    bxk: () => writeBxk({ duration, loopMode: int(0, 4), channels: [entries(() => ({ ...rgba(() => keyed(s16)), indices: indices() }), 0), entries(() => ({ ...rgba(() => keyed(s16)), indices: indices() }), 0)] }),
    bxa: () => writeBxa({ duration, loopMode: int(0, 4), channels: [entries(() => ({ ...rgba(() => full(byte)), indices: indices() }), 0), entries(() => ({ ...rgba(() => full(byte)), indices: indices() }), 0)] }),
  };
}

describe('write: keys → build → keys on generated animations of every J3D kind', () => {
  for (const kind of Object.keys(generators(prng(1)))) {
    it(`${kind.toUpperCase()}: ${SEEDS} seeded files sample identically and keep their keys form`, () => {
      let tracks = 0;
      for (let seed = 1; seed <= SEEDS; seed++) {
        const file = decode(generators(prng(seed * 7919))[kind as 'btk']().bytes, `gen.${kind}`);
        assert.equal(file.format, kind, `seed ${seed}`);
        roundTrip(file, `gen.${kind}`, `${kind} seed ${seed}`);
        tracks += keysDocument(file.anim!).targets.reduce((n, t) => n + t.tracks.length, 0);
      }
      assert.ok(tracks > SEEDS, `${tracks} tracks generated`);
    });
  }
});

// ------------------------------------------------------------------------------------------
// Refusals

function refusal(doc: unknown): string {
  try { buildFromKeys(doc); } catch (e) { if (e instanceof BuildInputError) return e.message; throw e; }
  return assert.fail('not refused');
}

describe('write: bad keys forms of the other J3D kinds are refused with their JSON path', () => {
  const keysOf = (rel: string) => json(keysDocument(decode(readSample(rel), rel).anim!)) as any;

  it('a BRK colour the s16 bank cannot store, a key out of order', () => {
    const doc = keysOf('j3d/smg/TripodBossBodyA/Wait.brk');
    const track = doc.targets[0].tracks[0];
    track.keys[1].value = 40000;
    assert.match(refusal(doc), /^targets\[0\]\.tracks\[0\]\.keys\[1\]\.value: 40000 is not a whole number in -32768\.\.32767/);
    track.keys[1].value = 10;
    track.keys[1].frame = -5;
    assert.match(refusal(doc), /^targets\[0\]\.tracks\[0\]\.keys\[1\]\.frame: keys out of order/);
  });

  it('a BTK without its material, with a non-ASCII name, with a centre of two numbers', () => {
    const doc = keysOf('j3d/smg/TripodBossCore/Wait.btk');
    delete doc.targets[0].binding.material;
    assert.match(refusal(doc), /^targets\[0\]\.binding\.material: expected text, got undefined/);
    doc.targets[0].binding.material = 'マテリアル';
    assert.match(refusal(doc), /^targets\[0\]\.binding\.material: .* is not plain ASCII/);
    doc.targets[0].binding.material = 'ok';
    doc.targets[0].binding.centre = [0.5, 0.5];
    assert.match(refusal(doc), /^targets\[0\]\.binding\.centre: expected \[s, t, q\]/);
  });

  it('a BCA step run out of order, a rotation between s16 steps', () => {
    const doc = keysOf('mkdd/objects/mariotree1_wait.bca');
    const track = doc.targets[0].tracks.find((t: { step: unknown[] }) => t.step.length > 2);
    track.step[2].frame = track.step[1].frame;
    assert.match(refusal(doc), /^targets\[0\]\.tracks\[\d+\]\.step\[2\]\.frame: \d+ is outside/);
    track.step[2].frame = track.step[1].frame + 1;
    const rotation = doc.targets[0].tracks.find((t: { channel: string; step: unknown[] }) => t.channel === 'rotation' && t.step.length > 1);
    rotation.step[1].value += 0.001;
    assert.match(refusal(doc), /step\[1\]\.value: .* is not a multiple of/);
  });

  it('a BTP texture index past u16, a BVA track whose runs outnumber its frames', () => {
    const btp = keysOf('j3d/smg/TripodBossBodyA/Wait.brk');
    assert.match(refusal({ ...btp, format: 'btp' }), /^targets\[0\]\.tracks: no track entries\/0\/texture/);
    const bytes = writeBva({ duration: 3, shapes: [[1, 0, 1]] }).bytes;
    const bva = json(keysDocument(decode(bytes, 'a.bva').anim!)) as any;
    bva.targets[0].tracks[0].frames = 1;
    assert.match(refusal(bva), /^targets\[0\]\.tracks\[0\]\.step\[1\]\.frame: 1 is outside 1\.\.0/);
  });
});
