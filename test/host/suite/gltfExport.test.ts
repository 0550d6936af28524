/**
 * Runs INSIDE the extension host: "AnimScope: Export glTF…" (animscope.exportGltf, issue 27) from
 * the model editor (a model inside an archive, with animations beside it) and from an animation
 * editor (its bound model), given a target so that no dialog opens. The file passes the Khronos
 * validator with 0 errors and is byte for byte what `animscope gltf` writes for the same inputs.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { closeAll, copySample, openWith, runCli, setUp, tempDir } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const validator = require('gltf-validator') as {
  validateBytes(b: Uint8Array, o?: object): Promise<{ issues: { numErrors: number; messages: { code: string; message: string; severity: number }[] } }>;
};

interface GltfJson { animations?: { name: string }[]; nodes?: unknown[]; meshes?: unknown[] }

async function validate(file: string, external: (uri: string) => Uint8Array = () => new Uint8Array()): Promise<void> {
  const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
    uri: path.basename(file),
    externalResourceFunction: async (uri: string) => external(decodeURIComponent(uri)),
  });
  const errors = report.issues.messages.filter((m) => m.severity === 0);
  assert.strictEqual(report.issues.numErrors, 0, `${path.basename(file)}: ${JSON.stringify(errors.slice(0, 3))}`);
}

/** The JSON chunk of a GLB (header 12 bytes, then the JSON chunk's length, type, bytes: glTF 2.0 §4.4). */
function glbJson(file: string): GltfJson {
  const b = fs.readFileSync(file);
  assert.strictEqual(b.toString('ascii', 0, 4), 'glTF', `${path.basename(file)} is a GLB`);
  const length = b.readUInt32LE(12);
  return JSON.parse(b.toString('utf8', 20, 20 + length)) as GltfJson;
}

function leftovers(dir: string): string[] {
  return fs.readdirSync(dir).filter((n) => /partial|\.tmp/i.test(n));
}

suite('AnimScope: Export glTF… (in the VS Code extension host)', () => {
  let dir: string;
  suiteSetup(async () => {
    await setUp();
    dir = tempDir('gltf');
  });

  teardown(closeAll);

  test('from the model editor (a model inside an archive): the model with the named animations, as `animscope gltf` writes it', async () => {
    const archive = copySample(dir, 'archives/Kuribo.arc');
    const model = vscode.Uri.from({ scheme: 'animscope-archive', path: '/Kuribo/Kuribo.bdl', query: archive.uri.toString() });
    await openWith(model);
    const target = vscode.Uri.file(path.join(dir, 'Kuribo.editor.glb'));
    const written = await vscode.commands.executeCommand<vscode.Uri>('animscope.exportGltf', model, target, { animations: ['Walk.bck', 'Normal.brk'], fps: 30 });
    assert.strictEqual(written?.toString(), target.toString());
    await validate(target.fsPath);
    const json = glbJson(target.fsPath);
    assert.deepStrictEqual(json.animations?.map((a) => a.name), ['Walk', 'Normal']);

    runCli(['gltf', 'Kuribo.arc/Kuribo/Kuribo.bdl', 'Kuribo.arc/Kuribo/Walk.bck', 'Kuribo.arc/Kuribo/Normal.brk', '--fps', '30', '-o', 'Kuribo.cli.glb'], dir);
    assert.ok(fs.readFileSync(target.fsPath).equals(fs.readFileSync(path.join(dir, 'Kuribo.cli.glb'))), 'the editor\'s GLB differs from the CLI\'s');
    assert.deepStrictEqual(leftovers(dir), []);
  });

  test('from an animation editor: its bound model with the animation itself, as .gltf with its .bin and PNGs beside it', async () => {
    const sub = fs.mkdtempSync(path.join(dir, 'tree-'));
    copySample(sub, 'mkdd/objects/mariotree1.bmd');
    const anim = copySample(sub, 'mkdd/objects/mariotree1_wait.bca');
    await openWith(anim.uri);
    const target = vscode.Uri.file(path.join(sub, 'tree.gltf'));
    // no `animations`: the ones ticked under "Also play" (none in a fresh workspace) join the animation itself
    await vscode.commands.executeCommand('animscope.exportGltf', anim.uri, target);
    const json = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as GltfJson;
    assert.deepStrictEqual(json.animations?.map((a) => a.name), ['mariotree1_wait']);
    await validate(target.fsPath, (uri) => new Uint8Array(fs.readFileSync(path.join(sub, uri))));

    runCli(['gltf', 'mariotree1.bmd', 'mariotree1_wait.bca', '-o', 'cli.gltf'], sub);
    const cli = JSON.parse(fs.readFileSync(path.join(sub, 'cli.gltf'), 'utf8')) as GltfJson & { buffers: { uri: string }[] };
    // the same document but for the file names of the resources (tree.bin / cli.bin)
    const rename = (text: string, base: string): string => text.split(`"${base}`).join('"OUT');
    assert.strictEqual(rename(fs.readFileSync(target.fsPath, 'utf8'), 'tree'), rename(fs.readFileSync(path.join(sub, 'cli.gltf'), 'utf8'), 'cli'));
    assert.ok(fs.readFileSync(path.join(sub, 'tree.bin')).equals(fs.readFileSync(path.join(sub, cli.buffers[0].uri))), 'the .bin differs from the CLI\'s');
    assert.deepStrictEqual(leftovers(sub), []);
  });

  test('an animation with no model bound is refused in one message, and nothing is written', async () => {
    const sub = fs.mkdtempSync(path.join(dir, 'alone-'));
    const anim = copySample(sub, 'j3d/smg/TripodBoss/StartDemo.bck');
    const target = vscode.Uri.file(path.join(sub, 'alone.glb'));
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('animscope.exportGltf', anim.uri, target)), /StartDemo\.bck is not bound to a model/);
    assert.deepStrictEqual(fs.readdirSync(sub), ['StartDemo.bck']);
  });
});
