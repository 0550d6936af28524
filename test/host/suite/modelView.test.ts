/**
 * Runs INSIDE the VS Code extension host. The 3D model view of the editor, as the page reports it
 * (`rendered` → counts.modelView): a model file draws with its texture gallery; a BCK beside its
 * model draws the model; one file of each real animation kind of the shared archives (BTP, BVA,
 * BPK, BCA, BTK, BRK) opens bound to its model, its 3D view drawing. Files are extracted in the
 * game's layout (the object's folder holds <Folder>.bdl and its animations).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { resolveInArchive } from '../../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { closeAll, decodeFile, openWith, SAMPLES, setUp, tempDir, waitForRender } from './helpers';

function extract(archive: string, inner: string, dir: string): vscode.Uri {
  const bytes = resolveInArchive(new Uint8Array(fs.readFileSync(path.join(SAMPLES, 'archives', archive))), inner, new DiagnosticSink());
  assert.ok(bytes, `${inner} is in ${archive}`);
  const target = path.join(dir, inner);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, bytes);
  return vscode.Uri.file(target);
}

/** Opens `uri` and waits for a `rendered` whose 3D view has settled (drawing, or said why not). */
async function openModelView(uri: vscode.Uri): ReturnType<typeof waitForRender> {
  const since = Date.now();
  await openWith(uri);
  return waitForRender(uri, since, (s) => s.counts.modelView !== undefined && s.counts.modelView.status !== 'empty', 45000);
}

suite('3D model view (the page\'s report)', () => {
  const files: Record<string, vscode.Uri> = {};

  suiteSetup(async () => {
    await setUp();
    const dir = tempDir('modelview');
    for (const inner of ['Kuribo/Kuribo.bdl', 'Kuribo/Walk.bck', 'Kuribo/Blink.btp', 'Kuribo/Normal.brk']) files[inner] = extract('Kuribo.arc', inner, dir);
    for (const inner of ['PowerStar/PowerStar.bdl', 'PowerStar/PowerStarColor.bva', 'PowerStar/PowerStarColor.btk']) files[inner] = extract('PowerStar.arc', inner, dir);
    for (const inner of ['CrystalSwitch/CrystalSwitch.bdl', 'CrystalSwitch/Off.bpk']) files[inner] = extract('CrystalSwitch.arc', inner, dir);
    fs.mkdirSync(path.join(dir, 'mkdd'), { recursive: true });
    for (const name of ['mariotree1.bmd', 'mariotree1_wait.bca']) {
      fs.copyFileSync(path.join(SAMPLES, 'mkdd', 'objects', name), path.join(dir, 'mkdd', name));
      files[`mkdd/${name}`] = vscode.Uri.file(path.join(dir, 'mkdd', name));
    }
  });

  teardown(closeAll);

  test('Kuribo.bdl opens as a model: the 3D view draws its one shape; the gallery lists its 5 TEX1 textures', async () => {
    const state = await openModelView(files['Kuribo/Kuribo.bdl']);
    assert.strictEqual(state.format, 'model');
    assert.ok(state.consistent, 'the echo matches what the host sent');
    // FORMATS.md §10.13: Kuribo.bdl has 1 shape and 5 textures (TEX1 count at 0x40A8 = 5 by xxd).
    assert.deepStrictEqual(state.counts.modelView, { status: 'ready', shapesDrawn: 1, companionsApplied: 0, textures: 5 });
  });

  test('Walk.bck beside Kuribo.bdl: bound, and the 3D view draws the Goomba', async () => {
    const state = await openModelView(files['Kuribo/Walk.bck']);
    assert.strictEqual(state.counts.model?.fileName, 'Kuribo.bdl');
    assert.deepStrictEqual(state.counts.modelView, { status: 'ready', shapesDrawn: 1, companionsApplied: 0 });
  });

  // one file of each real kind beside the model it animates: [file, model, shapes of the model (§10.13 / SHP1 count)]
  const kinds: [string, string, number][] = [
    ['Kuribo/Blink.btp', 'Kuribo.bdl', 1],
    ['Kuribo/Normal.brk', 'Kuribo.bdl', 1],
    ['PowerStar/PowerStarColor.bva', 'PowerStar.bdl', 4],
    ['PowerStar/PowerStarColor.btk', 'PowerStar.bdl', 4],
    ['CrystalSwitch/Off.bpk', 'CrystalSwitch.bdl', -1],
    ['mkdd/mariotree1_wait.bca', 'mariotree1.bmd', -1],
  ];
  for (const [file, model, shapes] of kinds) {
    test(`${file} opens bound to ${model}; its 3D view draws`, async () => {
      const uri = files[file];
      const state = await openModelView(uri);
      const decoded = decodeFile(uri.fsPath);
      assert.strictEqual(state.format, decoded.format);
      assert.strictEqual(state.format, file.split('.').pop());
      assert.ok(state.consistent, 'the echo matches what the host sent');
      assert.strictEqual(state.counts.model?.fileName, model);
      assert.strictEqual(state.counts.modelView?.status, 'ready');
      // the shapes the file's own frame 0 leaves visible (BVA hides two of PowerStar's four at frame 0)
      const drawn = state.counts.modelView?.shapesDrawn ?? 0;
      if (file.endsWith('.bva')) assert.strictEqual(drawn, 2, 'PowerStarColor.bva frame 0: shapes 0 and 1 only');
      else if (shapes > 0) assert.strictEqual(drawn, shapes);
      else assert.ok(drawn > 0, `${drawn} shapes drawn`);
    });
  }
});
