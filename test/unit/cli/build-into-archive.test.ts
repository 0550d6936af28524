/**
 * `animscope build DOC.json -o ARCHIVE/entry`: the built file goes into the archive (Yaz0 kept,
 * every other entry identical; `ls` and `extract` agree); a new entry is added to its folder; a
 * missing folder or a folder is one line, exit 2, and the archive is left as it was with no
 * temporary file beside it.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { decompressEntry, extractAny, openAnyArchive } from '../../../src/formats/archive/archive';
import { isYaz0 } from '../../../src/formats/archive/yaz0';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { cliWith } from './capture';
import { SAMPLES_DIR } from '../helpers';

const KURIBO = path.join(SAMPLES_DIR, 'archives', 'Kuribo.arc');

function entries(file: string): Map<string, Buffer> {
  const archive = openAnyArchive(new Uint8Array(fs.readFileSync(file)), new DiagnosticSink(), { detectEntries: false });
  return new Map(archive.entries.filter((e) => e.kind === 'file')
    .map((e) => [e.path, Buffer.from(decompressEntry(extractAny(archive, e), new DiagnosticSink()))]));
}

describe('cli: build -o into an archive entry', () => {
  let tmp: string;
  let arc: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-build-arc-'));
    arc = path.join(tmp, 'Kuribo.arc');
    fs.copyFileSync(KURIBO, arc);
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const run = (...argv: string[]) => cliWith({ realFiles: true }, ...argv);

  it('an edited export of Walk.bck goes back into Kuribo.arc; the rest of the archive is identical', () => {
    const doc = path.join(tmp, 'walk.json');
    assert.equal(run('export', `${arc}/Kuribo/Walk.bck`, '-o', doc).code, 0);
    const same = run('build', doc, '-o', `${arc}/Kuribo/Walk.bck`);
    assert.equal(same.code, 0, same.stderr);
    assert.match(same.stdout, /unchanged/);
    assert.ok(fs.readFileSync(arc).equals(fs.readFileSync(KURIBO)), 'an unedited build leaves the archive byte-identical');

    // Walk.bck's ANK1 duration: s16 at chunk +0x0A = file 0x2A (bytes 00 28: 40 frames) → 60
    const json = JSON.parse(fs.readFileSync(doc, 'utf8'));
    const find = (n: { name?: string; children?: unknown[]; value?: unknown }): { value: number } | undefined =>
      n.name === 'duration' && typeof n.value === 'number' ? (n as { value: number }) : (n.children ?? []).map((c) => find(c as never)).find(Boolean);
    const duration = find(json.structure)!;
    assert.equal(duration.value, 40);
    duration.value = 60;
    fs.writeFileSync(doc, JSON.stringify(json));
    const r = run('build', doc, '-o', `${arc}/Kuribo/Walk.bck`);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /written into .*Kuribo\.arc/);
    assert.ok(isYaz0(new Uint8Array(fs.readFileSync(arc))), 'still Yaz0');
    const before = entries(KURIBO);
    const after = entries(arc);
    assert.deepEqual([...after.keys()], [...before.keys()]);
    for (const [p, bytes] of before) {
      if (p === 'Kuribo/Walk.bck') assert.equal(after.get(p)!.readInt16BE(0x2a), 60);
      else assert.ok(after.get(p)!.equals(bytes), `${p} unchanged`);
    }
    const info = run('info', `${arc}/Kuribo/Walk.bck`);
    assert.match(info.stdout, /duration:\s+60 frames/);
    const out = path.join(tmp, 'x');
    assert.equal(run('extract', arc, '-o', out).code, 0);
    assert.equal(fs.readFileSync(path.join(out, 'Kuribo', 'Walk.bck')).readInt16BE(0x2a), 60);
  });

  it('a new entry is added to its folder; the rest of the archive identical, `ls` and `extract` agree', () => {
    const doc = path.join(tmp, 'walk.json');
    assert.equal(run('export', `${arc}/Kuribo/Walk.bck`, '-o', doc).code, 0);
    const r = run('build', doc, '-o', `${arc}/Kuribo/ActorInfo/Walk2.bck`);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /added to .*Kuribo\.arc/);
    assert.ok(isYaz0(new Uint8Array(fs.readFileSync(arc))), 'still Yaz0');
    const before = entries(KURIBO);
    const after = entries(arc);
    assert.ok(after.get('Kuribo/ActorInfo/Walk2.bck')!.equals(before.get('Kuribo/Walk.bck')!), 'the built file is Walk.bck again');
    for (const [p, bytes] of before) assert.ok(after.get(p)!.equals(bytes), `${p} unchanged`);
    assert.equal(after.size, before.size + 1);
    assert.match(run('ls', arc).stdout, /Walk2\.bck/);
    const out = path.join(tmp, 'x');
    assert.equal(run('extract', arc, '-o', out).code, 0);
    assert.ok(fs.readFileSync(path.join(out, 'Kuribo', 'ActorInfo', 'Walk2.bck')).equals(before.get('Kuribo/Walk.bck')!));
  });

  it('a missing folder or a folder: one line, exit 2, the archive untouched and no temporary file', () => {
    const doc = path.join(tmp, 'walk.json');
    run('export', `${arc}/Kuribo/Walk.bck`, '-o', doc);
    for (const [target, why] of [['Kuribo/Nope/New.bck', /no folder "Kuribo\/Nope"/], ['Kuribo', /is a folder/]] as const) {
      const r = run('build', doc, '-o', `${arc}/${target}`);
      assert.equal(r.code, 2, `${target}: ${r.stdout}`);
      assert.match(r.stderr, why);
      assert.equal(r.stderr.trim().split('\n').length, 1);
    }
    assert.ok(fs.readFileSync(arc).equals(fs.readFileSync(KURIBO)));
    assert.deepEqual(fs.readdirSync(tmp).sort(), ['Kuribo.arc', 'walk.json']);
  });
});
