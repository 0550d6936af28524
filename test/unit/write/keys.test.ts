/**
 * `animscope keys`: the editable form. Golden values come from what the synthetic files store
 * (test/fixtures writers), converted by the spec's units (FORMATS.md §1 rotation units).
 */
import { strict as assert } from 'assert';
import { decode } from '../../../src/formats/index';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { applyEdits } from '../../../src/edit/applyEdits';
import { keysDocument, KeysFormTooLarge } from '../../../src/write/keysForm';
import { writeBck, writeWorstCaseBck } from '../../fixtures/j3d-writer';
import { writeBtp } from '../../fixtures/j3d-kinds-writer';
import { cli, cliWith } from '../cli/capture';
import { realFiles, samplePath } from '../helpers';

describe('write: the keys form (animscope keys)', () => {
  it('BCK: header values, keys in degrees with per-frame slopes, constants as one key, defaults empty', () => {
    const bytes = writeBck({
      loopMode: 2, rotationFraction: 1, duration: 10,
      joints: [{
        x: { scale: { keys: [{ time: 0, value: 1, tangent: 0 }, { time: 10, value: 2, tangent: 0.5 }] }, rotation: 0, translation: 0 },
        y: { rotation: { tangentMode: 1, keys: [{ time: 0, value: 0, inTangent: 0, outTangent: 100 }, { time: 10, value: 4000, inTangent: 100, outTangent: 0 }] } },
        z: {},
      }],
    }).bytes;
    const doc = keysDocument(decode(bytes, 'k.bck').anim!);
    assert.deepEqual(doc.header, { loopMode: 2, duration: 10, rotationFraction: 1 });
    assert.equal(doc.targets.length, 1);
    const track = (p: string) => doc.targets[0].tracks.find((t) => t.path === p)!;
    // mode 0: one tangent serves as in and out
    assert.deepEqual(track('joints/0/scale/x').keys, [{ frame: 0, value: 1, in: 0, out: 0 }, { frame: 10, value: 2, in: 0.5, out: 0.5 }]);
    // degrees = (raw << 1) · 180 / 32768: 4000 → 43.9453125°, slope 100 raw/frame → 1.0986328125°/frame
    assert.deepEqual(track('joints/0/rotation/y').keys, [
      { frame: 0, value: 0, in: 0, out: 1.0986328125 }, { frame: 10, value: 43.9453125, in: 1.0986328125, out: 0 },
    ]);
    assert.deepEqual(track('joints/0/rotation/x').keys, [{ frame: 0, value: 0, in: 0, out: 0 }]);
    assert.deepEqual(track('joints/0/scale/z').keys, []);
  });

  it('BTP: a step track as runs where the value changes, with the frames it stores, and the entry name', () => {
    const bytes = writeBtp({ duration: 6, entries: [{ name: 'eye_v', texture: [0, 0, 1, 1, 1, 0] }] }).bytes;
    const doc = keysDocument(decode(bytes, 'e.btp').anim!);
    const t = doc.targets[0].tracks[0];
    assert.deepEqual(t.step, [{ frame: 0, value: 0 }, { frame: 2, value: 1 }, { frame: 5, value: 0 }]);
    assert.equal(t.frames, 6);
    assert.match(doc.targets[0].label, /eye_v/);
  });

  it('every real animation has a keys form: one target per group, MOTN sequences with name and duration', () => {
    for (const f of realFiles()) {
      const anim = decode(f.bytes, f.name).anim;
      if (!anim || anim.format === 'motn') continue;
      const doc = keysDocument(anim);
      assert.ok(doc.targets.length > 0 && doc.targets.every((t) => t.tracks.length > 0), f.path);
    }
    const motion = realFiles().find((f) => f.name === 'motion.bin')!;
    const doc = keysDocument(decode(motion.bytes, 'motion.bin').anim!);
    assert.equal(doc.targets.length, 1559);
    const named = doc.targets.filter((t) => t.name !== undefined);
    assert.ok(named.length > 1500 && named.every((t) => typeof t.duration === 'number'));
  });

  it('the CLI prints it; a file that is not an animation is refused', () => {
    const r = cli('keys', samplePath('j3d/smg/TripodBossCore/Wait.brk'));
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.format, 'brk');
    assert.equal(doc.targets[0].tracks[0].unit, 'color');
    const model = cli('keys', samplePath('mkdd/objects/mariotree1.bmd'));
    assert.equal(model.code, 2); // not what the command takes (README: exit codes)
    assert.match(model.stderr, /is not an animation/);
  });

  it('a form past 2,000,000 keys is refused in one line (the worst-case BCK: 9.8 million), by the CLI (exit 2, nothing written) and by the editor', () => {
    const bytes = writeWorstCaseBck().bytes;
    const anim = decode(bytes, 'worst.bck').anim!;
    assert.throws(() => keysDocument(anim), (e: Error) => e instanceof KeysFormTooLarge && /more than 2,000,000 keys/.test(e.message));
    // a small file is far below the limit, and a limit of its own applies as given
    const walk = realFiles().find((f) => f.path === 'archives/Kuribo.arc/Kuribo/Walk.bck')!;
    assert.throws(() => keysDocument(decode(walk.bytes, 'Walk.bck').anim!, undefined, 10), KeysFormTooLarge);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-keys-'));
    try {
      fs.writeFileSync(path.join(dir, 'worst.bck'), bytes);
      const r = cliWith({}, 'keys', path.join(dir, 'worst.bck'), '-o', path.join(dir, 'worst.json'));
      assert.equal(r.code, 2);
      assert.match(r.stderr, /^animscope keys: .*worst\.bck: its keys form would spell out more than 2,000,000 keys/);
      assert.equal(r.stderr.trim().split('\n').length, 1);
      assert.deepEqual(fs.readdirSync(dir), ['worst.bck']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const edit = applyEdits(bytes, 'worst.bck', [{ kind: 'key', group: 0, track: 0, key: 0, value: 1 }]);
    assert.ok(!edit.ok && /^Keys of this file cannot be edited: its keys form would spell out more than 2,000,000 keys/.test(edit.message), edit.ok ? 'applied' : edit.message);
  });
});

