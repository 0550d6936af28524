/**
 * The edit model (src/edit/applyEdits.ts) on real files: a header field written in place, a
 * rotation key in degrees landing as its s16 in the rebuilt bank, and one-line refusals that leave
 * nothing applied. Expected bytes come from the BCK layout (docs and FORMATS.md: ANK1 at 0x20,
 * duration s16 at ANK1+0x0A, the joint table at ANK1+0x40 with 9 (count, index, mode) u16 entries
 * per joint in x,y,z × scale,rotation,translation order; rotation values s16 × 2^fraction × 180° / 32768).
 */
import { strict as assert } from 'assert';
import { describeGroup } from '../../../src/kinds/describe';
import { decode } from '../../../src/formats/index';
import { applyEdits, EditOutcome } from '../../../src/edit/applyEdits';
import { fileEditability } from '../../../src/edit/editability';
import { keysDocument } from '../../../src/write/keysForm';
import type { EditRequest } from '../../../src/wire/protocol';
import { readSample, realFiles } from '../helpers';
import { decompressYaz0, isYaz0 } from '../../../src/formats/archive/yaz0';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { encodeYaz0 } from '../../../src/write/archive/yaz0Encode';

const walk = (): Uint8Array => realFiles().find((f) => f.path === 'archives/Kuribo.arc/Kuribo/Walk.bck')!.bytes;
const be16 = (b: Uint8Array, at: number): number => (b[at] << 8) | b[at + 1];
const s16 = (b: Uint8Array, at: number): number => (be16(b, at) << 16) >> 16;
const be32 = (b: Uint8Array, at: number): number => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

function applied(outcome: EditOutcome): Uint8Array {
  if (!outcome.ok) assert.fail(`refused: ${outcome.message}`);
  return outcome.bytes;
}
function refusal(outcome: EditOutcome): string {
  if (outcome.ok) assert.fail('applied, expected a refusal');
  assert.doesNotMatch(outcome.message, /\n/);
  return outcome.message;
}

describe('edit: fields in place', () => {
  it("Walk.bck's duration: two bytes change, at ANK1+0x0A, the rest of the file is the same", () => {
    const before = walk();
    assert.equal(s16(before, 0x2a), 40); // the duration the tree shows
    const after = applied(applyEdits(before, 'Walk.bck', [{ kind: 'field', path: 'ANK1/duration', value: 60 }]));
    assert.equal(after.length, before.length);
    const changed = [...after.keys()].filter((i) => after[i] !== before[i]);
    assert.deepEqual(changed, [0x2b]); // 40 = 0x0028 → 60 = 0x003C: only the low byte
    assert.equal(after[0x2b], 0x3c);
    assert.equal((decode(after, 'Walk.bck').anim as { duration?: number }).duration, 60);
    assert.equal(s16(before, 0x2a), 40, 'the input is not modified');
  });

  it('a Buffer given (vscode.workspace.fs.readFile gives one) is not written into: the edit is a copy', () => {
    const before = Buffer.from(walk());
    const after = applied(applyEdits(before, 'Walk.bck', [{ kind: 'field', path: 'ANK1/duration', value: 60 }]));
    assert.equal(s16(after, 0x2a), 60);
    assert.equal(s16(before, 0x2a), 40);
  });

  it('a bank element in its stored type (s16), and a name in its char[4]', () => {
    const before = walk();
    const rotationBank = 0x20 + be32(before, 0x20 + 0x1c);
    const after = applied(applyEdits(before, 'Walk.bck', [{ kind: 'field', path: 'ANK1/rotationBank[12]', value: -1234 }]));
    assert.equal(s16(after, rotationBank + 12 * 2), -1234);
    const renamed = applied(applyEdits(before, 'Walk.bck', [{ kind: 'field', path: 'header/type', value: 'bck1' }]));
    assert.deepEqual(renamed, before);
  });

  it('refuses, in one line naming the field, its type and range: nothing applied', () => {
    const before = walk();
    const field = (path: string, value: number | string): string => refusal(applyEdits(before, 'Walk.bck', [{ kind: 'field', path, value }]));
    assert.equal(field('ANK1/duration', 40000), 'ANK1/duration (s16): 40000 does not fit in s16 (-32768..32767)');
    assert.equal(field('ANK1/loopMode', 2.5), 'ANK1/loopMode (u8): 2.5 is not a whole number (u8)');
    assert.equal(field('ANK1/duration', 'long'), 'ANK1/duration (s16): expected a number for s16, got the text "long"');
    assert.equal(field('ANK1/nothing', 1), 'ANK1/nothing: no such field');
    assert.equal(field('ANK1/rotationBank[124]', 1), 'ANK1/rotationBank[124]: no such field'); // 124 elements: 0..123
    assert.match(field('ANK1/jointTable', 1), /^ANK1\/jointTable is a Joint\[6\]: only numbers and names/);
    assert.match(field('header/type', 'bck12'), /^header\/type \(char\[4\]\): "bck12" needs 5 bytes; the field has 4/);
    // a later edit's refusal leaves the earlier ones unapplied too
    assert.match(refusal(applyEdits(before, 'Walk.bck', [
      { kind: 'field', path: 'ANK1/duration', value: 60 }, { kind: 'field', path: 'ANK1/duration', value: -40000 },
    ])), /does not fit in s16/);
  });
});

describe('edit: keys through the keys form and the BCK builder', () => {
  // joints/2/rotation/z of Walk.bck: 4 keys, key 1 at frame 9, 93.05419921875° (rotation fraction 1: 0.010986328125° a step)
  const group = 2;
  const track = describeGroup(decode(walk(), 'Walk.bck').anim!, group).findIndex((t) => t.path === 'joints/2/rotation/z');

  /** The bank element that holds key `key`'s value: the joint table's entry for joint 2, axis z, rotation. */
  function storedRotation(bytes: Uint8Array, key: number): number {
    const ank1 = 0x20;
    const entry = ank1 + 0x40 + (2 * 9 + 2 * 3 + 1) * 6;
    const [count, index, mode] = [be16(bytes, entry), be16(bytes, entry + 2), be16(bytes, entry + 4)];
    assert.equal(count, 4);
    const perKey = mode === 0 ? 3 : 4; // (frame, value, tangent) or (frame, value, in, out)
    return s16(bytes, ank1 + be32(bytes, ank1 + 0x1c) + 2 * (index + perKey * key + 1));
  }

  it('a rotation key value in degrees lands as its s16 in the bank; every other key is unchanged', () => {
    const before = walk();
    assert.ok(track >= 0);
    assert.equal(storedRotation(before, 1), 8470); // 93.05419921875° / (2 × 180 / 32768)
    const after = applied(applyEdits(before, 'Walk.bck', [{ kind: 'key', group, track, key: 1, value: 100 }]));
    // 100° / 0.010986328125° = 9102.2 → the nearest storable, 9102 steps = 99.99755859375°
    assert.equal(storedRotation(after, 1), 9102);
    const decoded = decode(after, 'Walk.bck');
    assert.deepEqual(decoded.diagnostics.filter((d) => d.severity === 'error'), []);
    assert.equal(describeGroup(decoded.anim!, group)[track].keys.value(1), 99.99755859375);
    const expected = keysDocument(decode(before, 'Walk.bck').anim!);
    const key = expected.targets[group].tracks.find((t) => t.path === 'joints/2/rotation/z')!.keys![1];
    key.value = 99.99755859375;
    assert.deepEqual(keysDocument(decoded.anim!), expected);
  });

  it('move, add and delete keys; an unchanged track gives the same keys form back', () => {
    const before = walk();
    const original = keysDocument(decode(before, 'Walk.bck').anim!);
    const added = applied(applyEdits(before, 'Walk.bck', [{ kind: 'addKey', group, track, frame: 20, value: 90 }]));
    const keys = (b: Uint8Array) => keysDocument(decode(b, 'Walk.bck').anim!).targets[group].tracks.find((t) => t.path === 'joints/2/rotation/z')!.keys!;
    assert.deepEqual(keys(added).map((k) => k.frame), [0, 9, 20, 27, 40]);
    const removed = applied(applyEdits(added, 'Walk.bck', [{ kind: 'deleteKey', group, track, key: 2 }]));
    assert.deepEqual(keysDocument(decode(removed, 'Walk.bck').anim!), original);
    const moved = applied(applyEdits(before, 'Walk.bck', [{ kind: 'key', group, track, key: 1, frame: 10.4, inSlope: 0.5 }]));
    // frames of s16 rotation keys are whole; 0.5 per frame → 46 steps of 0.010986328125° = 0.50537109375
    assert.deepEqual(keys(moved)[1], { frame: 10, value: 93.05419921875, in: 0.50537109375, out: -0.274658203125 });
  });

  it('refuses what the track or the kind cannot take, in one line', () => {
    const before = walk();
    const edit = (e: EditRequest): string => refusal(applyEdits(before, 'Walk.bck', [e]));
    assert.match(edit({ kind: 'key', group, track, key: 1, frame: 30 }), /^joints\/2\/rotation\/z key 1: frame 30 lies outside its neighbours' \(0\.\.27\)/);
    assert.match(edit({ kind: 'key', group, track, key: 4, value: 1 }), /^joints\/2\/rotation\/z: no key 4 \(the track has 4\)/);
    assert.match(edit({ kind: 'key', group: 6, track: 0, key: 0 }), /^group 6: the file has 6/);
    assert.match(edit({ kind: 'addKey', group, track, frame: 9, value: 1 }), /a key at frame 9 exists already/);
    assert.match(edit({ kind: 'key', group, track, key: 1, value: 400 }), /is not a multiple of|within ±360°/);
    assert.match(edit({ kind: 'interpolation', group, track, to: 'step' }), /cannot change between step and keyed/);
  });

  it('MOTN: a key value lands as the nearest half float, through the keys form with the file\'s layout; its aliases change with it, nothing else', () => {
    const bytes = readSample('motn/motion.bin');
    const decoded = decode(bytes, 'motion.bin');
    assert.deepEqual(fileEditability(decoded), { editable: true, keyEdits: true });
    const track = describeGroup(decoded.anim!, 0).findIndex((t) => t.path === 'bones/0/position/x');
    const after = applied(applyEdits(bytes, 'motion.bin', [{ kind: 'key', group: 0, track, key: 1, value: 0.1 }]));
    const again = decode(after, 'motion.bin');
    assert.deepEqual(again.diagnostics.filter((d) => d.severity === 'error'), []);
    // 0.1 is no half float: the nearest is 0x2E66 = 0.0999755859375
    assert.equal(describeGroup(again.anim!, 0)[track].keys.value(1), 0.0999755859375);
    const keysOf = (b: Uint8Array) => keysDocument(decode(b, 'motion.bin').anim!, b);
    const [was, now] = [keysOf(bytes), keysOf(after)];
    // sequence 0's aliases (other names for its block of data) change with it; nothing else does
    const aliases = now.targets.filter((t) => t.layout?.block === now.targets[0].layout?.block);
    assert.ok(aliases.length > 1, 'sequence 0 has aliases');
    for (const t of aliases) {
      assert.equal(t.tracks[track].keys![1].value, 0.0999755859375);
      t.tracks[track].keys![1].value = was.targets[0].tracks[track].keys![1].value;
    }
    assert.deepEqual(now, was);
  });
});

describe('edit: keys of the other J3D kinds', () => {
  const fileOf = (suffix: string) => realFiles().find((f) => f.path.endsWith(suffix))!;

  it('a BRK colour key snaps to a whole s16; the file rebuilt in the converter\'s layout keeps every other key', () => {
    const f = fileOf('TripodBossBodyA/Wait.brk');
    const after = applied(applyEdits(f.bytes, f.name, [{ kind: 'key', group: 0, track: 0, key: 1, value: 99.6, inSlope: 1.4 }]));
    const [was, now] = [keysDocument(decode(f.bytes, f.name).anim!), keysDocument(decode(after, f.name).anim!)];
    assert.deepEqual(now.targets[0].tracks[0].keys![1], { ...was.targets[0].tracks[0].keys![1], value: 100, in: 1 });
    now.targets[0].tracks[0].keys![1] = was.targets[0].tracks[0].keys![1];
    assert.deepEqual(now, was);
    // undone by the opposite edit, the file is its own bytes again (the converter's layout is the file's)
    const back = applied(applyEdits(after, f.name, [{ kind: 'key', group: 0, track: 0, key: 1, value: was.targets[0].tracks[0].keys![1].value, inSlope: was.targets[0].tracks[0].keys![1].in }]));
    assert.deepEqual(back, f.bytes);
  });

  it('a BTK rotation key snaps to its s16 step; a BTP frame takes a new texture index; a BVA track grows and shrinks by a frame', () => {
    const btk = fileOf('TripodBossCoreUnbreakableBloom/Wait.btk');
    const rq = describeGroup(decode(btk.bytes, btk.name).anim!, 0).findIndex((t) => t.path === 'entries/0/rotation/q');
    const rotated = applied(applyEdits(btk.bytes, btk.name, [{ kind: 'key', group: 0, track: rq, key: 1, value: 180.004 }]));
    // rotation fraction 1: steps of 2 × 180° / 32768 = 0.010986328125°
    assert.equal(describeGroup(decode(rotated, btk.name).anim!, 0)[rq].keys.value(1), 180);

    const btp = fileOf('Kuribo/Close.btp');
    const before = keysDocument(decode(btp.bytes, btp.name).anim!).targets[0].tracks[0];
    const changed = applied(applyEdits(btp.bytes, btp.name, [{ kind: 'key', group: 0, track: 0, key: 1, value: 4.2 }]));
    const after = keysDocument(decode(changed, btp.name).anim!).targets[0].tracks[0];
    assert.equal(after.frames, before.frames);
    const values = (t: typeof after) => Array.from({ length: t.frames! }, (_, f) => t.step!.filter((r) => r.frame <= f).at(-1)!.value);
    const expected = values(before);
    expected[1] = 4;
    assert.deepEqual(values(after), expected);
    assert.match(refusal(applyEdits(btp.bytes, btp.name, [{ kind: 'key', group: 0, track: 0, key: 1, frame: 2 }])), /values stay at their frames/);

    const bva = fileOf('PowerStar/PowerStarColor.bva');
    const longer = applied(applyEdits(bva.bytes, bva.name, [{ kind: 'addKey', group: 0, track: 0, frame: 4, value: 1 }]));
    assert.deepEqual(keysDocument(decode(longer, bva.name).anim!).targets[0].tracks[0], { ...keysDocument(decode(bva.bytes, bva.name).anim!).targets[0].tracks[0], step: [{ frame: 0, value: 1 }, { frame: 1, value: 0 }, { frame: 4, value: 1 }], frames: 5 });
    const shorter = applied(applyEdits(longer, bva.name, [{ kind: 'deleteKey', group: 0, track: 0, key: 4 }, { kind: 'deleteKey', group: 0, track: 0, key: 3 }]));
    assert.deepEqual(shorter, bva.bytes);
    assert.match(refusal(applyEdits(bva.bytes, bva.name, [{ kind: 'deleteKey', group: 0, track: 0, key: 0 }])), /only its last frame can be removed/);
  });
});

describe('edit: a Yaz0-compressed file', () => {
  it('Walk.bck compressed with Yaz0: a field edit comes back compressed, and decompressed differs from the file in the duration only', () => {
    const plain = walk();
    const compressed = encodeYaz0(plain);
    assert.ok(fileEditability(decode(compressed, 'Walk.bck.szs')).editable);
    const out = applyEdits(compressed, 'Walk.bck.szs', [{ kind: 'field', path: 'ANK1/duration', value: 60 }]);
    assert.ok(out.ok, out.ok ? '' : out.message);
    assert.ok(isYaz0(out.bytes), 'compressed again');
    assert.deepEqual([...out.bytes.subarray(8, 16)], [...compressed.subarray(8, 16)], 'the header\'s reserved bytes kept');
    const back = decompressYaz0(out.bytes, new DiagnosticSink());
    // ANK1/duration: the s16 at 0x2A (00 28 = 40 → 00 3C = 60)
    assert.deepEqual([...back.keys()].filter((i) => back[i] !== plain[i]), [0x2b]);
    assert.equal((back[0x2a] << 8) | back[0x2b], 60);
  });
});
