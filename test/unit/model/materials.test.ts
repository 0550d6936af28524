import * as assert from 'assert';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decode } from '../../../src/formats/index';
import { decodeModel } from '../../../src/formats/model';
import type { ModelData } from '../../../src/formats/model';
import type { BrkAnim } from '../../../src/formats/jsystem/brk/types';
import type { BtkAnim } from '../../../src/formats/jsystem/btk/types';
import { bindBrkMaterials } from '../../../src/kinds/jsystem/brk/binding';
import { bindBtkMaterials } from '../../../src/kinds/jsystem/btk/binding';
import { archiveFile, CORE_BDL, FOOT_BDL } from './fixtures';

function model(bytes: Uint8Array): ModelData {
  const r = decodeModel(bytes, new DiagnosticSink());
  assert.ok(r.model);
  return r.model;
}

const core = model(CORE_BDL());
const foot = model(FOOT_BDL());

describe('materials: BTK/BRK ↔ model', () => {
  it('Wait.btk binds its one entry (EyeLight_v_x, TEXMTX0) to material 1 of TripodBossCore.bdl', () => {
    // Wait.btk TTK1 name table: 1 name "EyeLight_v_x"; texMtxIndex table: 00. MAT3 name 1 = "EyeLight_v_x".
    const file = decode(archiveFile('TripodBossCore', 'TripodBossCore/Wait.btk'), 'Wait.btk');
    const r = bindBtkMaterials(core, file.anim as BtkAnim, { animRoot: file.root });
    assert.deepStrictEqual(r.bindings, [
      { group: 'entries', entry: 0, materialName: 'EyeLight_v_x', materialIndex: 1, materialIndices: [1], texMtxIndex: 0, texMtxSlot: 'TEXMTX0' },
    ]);
    assert.deepStrictEqual(r.missing, []);
    assert.deepStrictEqual(r.diagnostics, []);
  });

  it('Wait.brk and 2ndDemo.brk bind every register entry to a TripodBossCore material', () => {
    const wait = decode(archiveFile('TripodBossCore', 'TripodBossCore/Wait.brk'), 'Wait.brk');
    const r1 = bindBrkMaterials(core, wait.anim as BrkAnim);
    assert.deepStrictEqual(r1.bindings.map((b) => [b.group, b.materialName, b.materialIndex, b.colorSlot]), [['register', 'EyeLight_v_x', 1, 'tevColor[0]']]);
    const demo = decode(archiveFile('TripodBossCore', 'TripodBossCore/2ndDemo.brk'), '2ndDemo.brk');
    const r2 = bindBrkMaterials(core, demo.anim as BrkAnim);
    assert.deepStrictEqual(r2.bindings.map((b) => [b.materialName, b.materialIndex]), [['Core_v', 0], ['EyeLight_v_x', 1], ['Core_v(2)', 3]]);
    assert.deepStrictEqual(r2.diagnostics, []);
  });

  it('warns (MDL_MATERIAL_MISSING, at the name string) when the model lacks the material: Wait.btk on TripodBossFoot.bdl', () => {
    const file = decode(archiveFile('TripodBossCore', 'TripodBossCore/Wait.btk'), 'Wait.btk');
    const r = bindBtkMaterials(foot, file.anim as BtkAnim, { animRoot: file.root });
    assert.strictEqual(r.bindings[0].materialIndex, -1);
    assert.deepStrictEqual(r.bindings[0].materialIndices, []);
    assert.deepStrictEqual(r.missing, ['EyeLight_v_x']);
    assert.deepStrictEqual(r.diagnostics.map((d) => [d.code, d.severity]), [['MDL_MATERIAL_MISSING', 'warning']]);
    // The span is the string "EyeLight_v_x\0" in the BTK's name table.
    const d = r.diagnostics[0];
    const text = Buffer.from(file.bytes.subarray(d.offset, d.offset + d.length)).toString('latin1');
    assert.strictEqual(text, 'EyeLight_v_x\0');
  });

  it('TripodBossFoot Wait.brk binds "Arrow" to material 0 of TripodBossFoot.bdl', () => {
    const file = decode(archiveFile('TripodBossFoot', 'TripodBossFoot/Wait.brk'), 'Wait.brk');
    const r = bindBrkMaterials(foot, file.anim as BrkAnim);
    assert.deepStrictEqual(r.bindings.map((b) => [b.materialName, b.materialIndex]), [['Arrow', 0]]);
  });

  it('reports a skip/invalid texture-matrix slot (MDL_TEXMTX_SLOT)', () => {
    const anim = { format: 'btk', entries: [{ materialName: 'Core_v', texMtxIndex: 0xFF }, { materialName: 'Core_v', texMtxIndex: 12 }] } as unknown as BtkAnim;
    const r = bindBtkMaterials(core, anim);
    assert.deepStrictEqual(r.bindings.map((b) => b.texMtxSlot), ['skip', 'invalid (12)']);
    assert.deepStrictEqual(r.diagnostics.map((d) => d.code), ['MDL_TEXMTX_SLOT', 'MDL_TEXMTX_SLOT']);
  });
});
