/**
 * What each animation kind changes on its real model (FORMATS.md §10.11), through the formats'
 * `apply` facets: the golden values are the ones checked by hand in the kinds' own tests.
 */
import { strict as assert } from 'assert';
import { applyAnimation, initialState } from '../../../src/kinds/apply';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decode } from '../../../src/formats/index';
import { decodeModel } from '../../../src/formats/model/index';
import type { ModelData } from '../../../src/formats/model/types';
import { realFiles } from '../helpers';

function file(path: string): Uint8Array {
  const f = realFiles().find((x) => x.path === path);
  assert.ok(f, path);
  return f.bytes;
}
const model = (path: string): ModelData => decodeModel(file(path), new DiagnosticSink()).model!;
const anim = (path: string) => decode(file(path), path.split('/').pop()).anim!;

describe('animations applied to their models (apply facets)', () => {
  it('Kuribo Blink.btp: the eye slot shows texture 0, 1, 2 at frames 0, 5, 6', () => {
    const kuribo = model('archives/Kuribo.arc/Kuribo/Kuribo.bdl');
    const blink = anim('archives/Kuribo.arc/Kuribo/Blink.btp');
    const entry = (blink as { entries: { materialName: string; texMapSlot: number }[] }).entries[0];
    const material = kuribo.materialData!.findIndex((m) => m.name === entry.materialName);
    assert.ok(material >= 0, `${entry.materialName} is a Kuribo material`);
    const at = (frame: number): number | null => {
      const state = initialState(kuribo);
      assert.ok(applyAnimation(state, blink, frame));
      return state.materials[material].texNumbers[entry.texMapSlot];
    };
    assert.deepStrictEqual([at(0), at(5), at(6), at(16), at(17)], [0, 1, 2, 1, 0]);
  });

  it('PowerStarColor.bva: shapes 0 and 1 shown only at frame 0, 2 and 3 hidden only at frame 0', () => {
    const star = model('archives/PowerStar.arc/PowerStar/PowerStar.bdl');
    const bva = anim('archives/PowerStar.arc/PowerStar/PowerStarColor.bva');
    const at = (frame: number): boolean[] => {
      const state = initialState(star);
      applyAnimation(state, bva, frame);
      return state.shapeVisible;
    };
    assert.deepStrictEqual(at(0), [true, true, false, false]);
    assert.deepStrictEqual(at(1), [false, false, true, true]);
  });

  it('CrystalSwitch Off.bpk: material colour 0 of both entries\' materials', () => {
    const sw = model('archives/CrystalSwitch.arc/CrystalSwitch/CrystalSwitch.bdl');
    const off = anim('archives/CrystalSwitch.arc/CrystalSwitch/Off.bpk') as { entries: { materialName: string }[] };
    const state = initialState(sw);
    applyAnimation(state, off as never, 0);
    const colour = (name: string) => state.materials.find((m) => m.name === name)?.color0;
    assert.deepStrictEqual(colour(off.entries[0].materialName), [50, 46, 255, 128]);
    assert.deepStrictEqual(colour(off.entries[1].materialName), [255, 69, 69, 255]);
  });

  it('mariotree1_wait.bca: joint 0\'s rotation z moves within ±4° and differs between frames', () => {
    const tree = model('mkdd/objects/mariotree1.bmd');
    const bca = anim('mkdd/objects/mariotree1_wait.bca');
    const rz = (frame: number): number => {
      const state = initialState(tree);
      applyAnimation(state, bca, frame);
      return state.locals[5];
    };
    const values = [0, 20, 45, 70].map(rz);
    assert.ok(values.every((v) => Math.abs(v) <= 4), values.join(', '));
    assert.ok(new Set(values).size > 1, values.join(', '));
  });
});
