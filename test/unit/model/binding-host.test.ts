/**
 * The extension's model lookup rule (src/extension/model/pick.ts) and the host-side binding
 * (src/extension/model/binding.ts) with the shared TripodBossCore / TripodBossFoot models.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { bindModel } from '../../../src/extension/model/binding';
import { jointInfos } from '../../../src/wire/modelInfo';
import { chooseModel, isModelName, lastSegment, rankModels } from '../../../src/formats/model/pick';
import { exportDecoded } from '../../../src/export/json';
import { resolveInArchive } from '../../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decode } from '../../../src/formats/index';
import { decodeModel } from '../../../src/formats/model/index';
import { isModelInfo } from '../../../src/wire/protocol';
import { SAMPLES_DIR } from '../helpers';

const ARCHIVES = path.join(SAMPLES_DIR, 'archives');

function entry(archive: string, inner: string): Uint8Array {
  const bytes = resolveInArchive(new Uint8Array(fs.readFileSync(path.join(ARCHIVES, archive))), inner, new DiagnosticSink());
  assert.ok(bytes, inner);
  return bytes;
}

describe('model lookup rule (pick.ts)', () => {
  it('recognises .bmd / .bdl in any case', () => {
    assert.ok(isModelName('a.bdl') && isModelName('B.BMD') && !isModelName('a.bck') && !isModelName('bdl'));
  });

  it('prefers <FolderName>.bdl, then <FolderName>.bmd', () => {
    const names = ['Wait.bck', 'Other.bdl', 'TripodBossCore.bmd', 'tripodbosscore.bdl', 'TripodBossCore.kcl'];
    assert.deepStrictEqual(chooseModel('TripodBossCore', names),
      { name: 'tripodbosscore.bdl', reason: 'folder-name', candidates: ['Other.bdl', 'tripodbosscore.bdl', 'TripodBossCore.bmd'] });
    assert.strictEqual(chooseModel('TripodBossCore', ['TripodBossCore.bmd', 'X.bdl']).name, 'TripodBossCore.bmd');
  });

  it('takes the single model of the folder, and none when several could be meant', () => {
    assert.deepStrictEqual(chooseModel('anims', ['a.bck', 'Body.bdl']), { name: 'Body.bdl', reason: 'single', candidates: ['Body.bdl'] });
    assert.deepStrictEqual(chooseModel('anims', ['A.bdl', 'B.bmd']), { reason: 'ambiguous', candidates: ['A.bdl', 'B.bmd'] });
    assert.deepStrictEqual(chooseModel('anims', ['a.bck']), { reason: 'none', candidates: [] });
  });

  it('offers the most related models first: name stem, then folder name, then the first word', () => {
    const names = ['zzz.bdl', 'mariotree1.bmd', 'mario_kart.bmd', 'TripodBossCore.bdl', 'abc.bmd'];
    const id = (n: string): string => n;
    assert.deepStrictEqual(rankModels(names, id, 'mariotree1_wait.bca', 'objects').slice(0, 1), ['mariotree1.bmd']);
    assert.deepStrictEqual(rankModels(names, id, '2ndDemo.bck', 'TripodBossCore')[0], 'TripodBossCore.bdl');
    assert.deepStrictEqual(rankModels(names, id, 'mario_run.bck', 'x'), ['mario_kart.bmd', 'abc.bmd', 'mariotree1.bmd', 'TripodBossCore.bdl', 'zzz.bdl']);
  });

  it('names the folder of a URI path (disk or archive)', () => {
    assert.strictEqual(lastSegment('/x/TripodBossCore.arc/TripodBossCore/'), 'TripodBossCore');
    assert.strictEqual(lastSegment('/TripodBossCore'), 'TripodBossCore');
    assert.strictEqual(lastSegment('/'), '');
  });
});

describe('host-side binding (binding.ts)', () => {
  const core = decodeModel(entry('TripodBossCore.arc', 'TripodBossCore/TripodBossCore.bdl'), new DiagnosticSink()).model!;
  const foot = decodeModel(entry('TripodBossFoot.arc', 'TripodBossFoot/TripodBossFoot.bdl'), new DiagnosticSink()).model!;
  const bck = decode(entry('TripodBossCore.arc', 'TripodBossCore/2ndDemo.bck'), '2ndDemo.bck');
  const btk = decode(entry('TripodBossCore.arc', 'TripodBossCore/Wait.btk'), 'Wait.btk');

  it('BCK + its model: joint names, a valid protocol payload, no diagnostics', () => {
    const b = bindModel(bck, core, 'TripodBossCore.bdl', 'folder');
    assert.deepStrictEqual(b.info.jointNames, ['TriPodBossCore', 'CoreLight', 'HeadLightCone', 'HeadLight', 'MetalBody1']);
    assert.deepStrictEqual(b.diagnostics, []);
    assert.ok(isModelInfo(b.info));
    assert.deepStrictEqual(b.info.joints.map((j) => j.parent), [-1, 0, 1, 0, 0]);
  });

  it('BCK + a 1-joint model: MDL_JOINT_COUNT at the ANK1 joint count', () => {
    const b = bindModel(bck, foot, 'TripodBossFoot.bdl', 'chosen');
    assert.deepStrictEqual(b.diagnostics.map((d) => [d.code, d.offset, d.length]), [['MDL_JOINT_COUNT', 0x2C, 2]]);
    assert.deepStrictEqual(b.info.jointNames?.slice(1), [null, null, null, null]);
  });

  it('BTK: EyeLight_v_x → material 1 through TEXMTX0; the export gets the model section', () => {
    const b = bindModel(btk, core, 'TripodBossCore.bdl', 'folder');
    assert.deepStrictEqual(b.info.materialBindings, [{ group: 'entries', entry: 0, materialName: 'EyeLight_v_x', materialIndex: 1, texMtxSlot: 'TEXMTX0' }]);
    const doc = exportDecoded({ ...btk, boundModel: b.exported });
    assert.strictEqual(doc.model?.file, 'TripodBossCore.bdl');
    assert.strictEqual(exportDecoded(btk).model, undefined, 'no model section without a model');
  });

  it('a model whose material is missing: MDL_MATERIAL_MISSING pointing at the entry name', () => {
    const b = bindModel(btk, foot, 'TripodBossFoot.bdl', 'chosen');
    assert.deepStrictEqual(b.diagnostics.map((d) => d.code), ['MDL_MATERIAL_MISSING']);
    assert.ok(b.diagnostics[0].offset > 0 && b.diagnostics[0].length > 0);
  });

  it('non-finite joint numbers from a corrupt model are replaced so the payload stays valid', () => {
    const broken = { ...core, joints: core.joints.map((j, i) => (i === 1 ? { ...j, translation: [NaN, 0, Infinity] as [number, number, number] } : j)) };
    const joints = jointInfos(broken);
    assert.deepStrictEqual(joints[1].translation, [0, 0, 0]);
    assert.ok(isModelInfo(bindModel(bck, broken, 'x.bdl', 'folder').info));
  });

  it('the model file\'s own diagnostics travel with the model, at most 100 of them (with the total)', () => {
    const bytes = entry('TripodBossCore.arc', 'TripodBossCore/TripodBossCore.bdl');
    const sink = new DiagnosticSink();
    const half = decodeModel(bytes.subarray(0, bytes.length >> 1), sink).model!;
    const found = sink.finish();
    // The cut runs through TEX1 (0x99A0 …): its name table and texture 2's image are past the data.
    // MDL_REMAP is the info every decode of TripodBossCore gives (material 4 shares record 2).
    assert.deepStrictEqual(found.map((d) => d.code), ['J3D_FILE_SIZE', 'J3D_CHUNK_SIZE', 'TRUNCATED', 'MDL_TEXTURE_RANGE', 'MDL_REMAP'], 'what the cut model reports');
    const info = bindModel(bck, half, 'half.bdl', 'chosen', found).info;
    assert.deepStrictEqual(info.fileDiagnostics, found);
    assert.strictEqual(info.fileDiagnosticCount, 5);
    assert.ok(isModelInfo(info));
    assert.strictEqual(bindModel(bck, core, 'c.bdl', 'folder').info.fileDiagnostics, undefined, 'none for a clean model');

    const many = Array.from({ length: 250 }, (_, i) => ({ ...found[0], offset: i }));
    const capped = bindModel(bck, half, 'half.bdl', 'chosen', many).info;
    assert.strictEqual(capped.fileDiagnostics?.length, 100);
    assert.strictEqual(capped.fileDiagnosticCount, 250);
    assert.ok(isModelInfo(capped));
    assert.ok(!isModelInfo({ ...capped, fileDiagnostics: many }), 'more than 100 are refused by the page');
  });
});
