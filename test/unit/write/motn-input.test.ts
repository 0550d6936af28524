/**
 * `animscope build` on a bad MOTN keys form (src/write/motn): one line naming the JSON path of
 * what it refused, exit 2, nothing written.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BuildInputError } from '../../../src/write/input';
import { buildMotnFromKeys } from '../../../src/write/motn/layout';
import { cli } from '../cli/capture';
import { generateMotnKeys } from '../../fixtures/motn-keys';

type Key = { frame: number; value: number; in: number; out: number };
type Target = { name?: string; duration: number; tracks: { path: string; keys: Key[] }[]; layout: Record<string, unknown> };
type Doc = { layout: Record<string, unknown>; targets: Target[] };

/** A generated keys form with two standard targets sharing a block and a track with two keys between its ends. */
function sample(): { doc: Doc; alias: [number, number]; track: [number, number] } {
  for (let seed = 1; ; seed++) {
    const doc = JSON.parse(JSON.stringify(generateMotnKeys(seed))) as Doc;
    const standard = doc.targets.map((t, i) => [t, i] as const).filter(([t]) => t.layout.raw === undefined && t.tracks.length > 0);
    const pair = standard.flatMap(([a, i]) => standard.filter(([b, j]) => j > i && b.layout.block === a.layout.block).map(([, j]) => [i, j] as [number, number]))[0];
    const t = doc.targets.findIndex((x) => x.tracks.some((tr) => tr.keys.length >= 4 && tr.keys[1].frame < tr.keys[2].frame));
    if (pair && t >= 0) return { doc, alias: pair, track: [t, doc.targets[t].tracks.findIndex((tr) => tr.keys.length >= 4 && tr.keys[1].frame < tr.keys[2].frame)] };
  }
}

function refusal(doc: unknown): string {
  try {
    buildMotnFromKeys(doc);
  } catch (e) {
    if (e instanceof BuildInputError) return e.message;
    throw e;
  }
  return assert.fail('not refused');
}

/** The refusal of a copy of the sample changed by `edit`. */
function refused(edit: (doc: Doc, s: ReturnType<typeof sample>) => void): string {
  const s = sample();
  edit(s.doc, s);
  return refusal(s.doc);
}

describe('write: a bad MOTN keys form is refused with its JSON path', () => {
  it('builds the unchanged sample (the refusals below are the edits)', () => {
    assert.ok(buildMotnFromKeys(sample().doc).length > 0);
  });

  it('wrong types', () => {
    assert.match(refused((d, s) => { (d.targets[s.track[0]] as unknown as Record<string, unknown>).duration = '60'; }), /^targets\[\d+\]\.duration: expected a whole number, got the text "60"$/);
    assert.match(refused((d, s) => { (d.targets[s.track[0]].tracks[s.track[1]].keys[1] as unknown as Record<string, unknown>).value = null; }), /^targets\[\d+\]\.tracks\[\d+\]\.keys\[1\]\.value: expected a number, got null$/);
    assert.match(refused((d) => { delete (d as Partial<Doc>).layout; }), /^layout: expected an object, got undefined$/);
    assert.match(refused((d) => { d.layout.extraData = 'not base64!'; }), /^layout\.extraData: expected base64/);
    assert.match(refused((d) => { delete (d.targets[0] as Partial<Target>).layout; }), /^targets\[0\]\.layout: expected an object/);
  });

  it('keys out of order, or not starting at 0 and ending at the duration', () => {
    assert.match(refused((d, { track: [t, k] }) => { const keys = d.targets[t].tracks[k].keys; keys[1].frame = keys[2].frame + 1; }),
      /^targets\[\d+\]\.tracks\[\d+\]\.keys\[2\]\.frame: keys out of order \(\d+ after \d+\)$/);
    assert.match(refused((d, { track: [t, k] }) => { d.targets[t].tracks[k].keys[0].frame = 1; }), /keys\[0\]\.frame: the first key is at frame 0 \(got 1\)$/);
    assert.match(refused((d, { track: [t, k] }) => { const keys = d.targets[t].tracks[k].keys; keys[keys.length - 1].frame = d.targets[t].duration + 1; }),
      /keys\[\d+\]\.frame: \d+ is outside 0\.\.\d+$/);
  });

  it('counts past what the format holds', () => {
    assert.match(refused((d) => { d.targets = Array.from({ length: 4095 }, () => d.targets[0]); }), /^targets: 4095 sequences: a MOTN holds 1\.\.4094$/);
    assert.match(refused((d, { track: [t, k] }) => { d.targets[t].tracks[k].path = 'bones/128/rotation/x'; }), /^targets\[\d+\]\.tracks\[\d+\]\.path: bone 128: a MOTN instruction holds bones 0\.\.127$/);
    assert.match(refused((d, { track: [t, k] }) => {
      const keys = d.targets[t].tracks[k].keys;
      d.targets[t].tracks[k].keys = [keys[0], ...Array.from({ length: 0x10000 }, () => keys[0]), keys[keys.length - 1]];
    }), /^targets\[\d+\]\.tracks\[\d+\]\.keys: 65536 keys between the ends: a track holds at most 65535$/);
    assert.match(refused((d, { track: [t, k] }) => { d.targets[t].tracks.push({ ...d.targets[t].tracks[k] }); }), /^targets\[\d+\]\.tracks\[\d+\]\.path: a second track bones\//);
  });

  it('values a half float cannot hold', () => {
    assert.match(refused((d, { track: [t, k] }) => { d.targets[t].tracks[k].keys[1].value = 70000; }), /keys\[1\]\.value: 70000 does not fit in a half float \(±65504\)$/);
    // 2200 per frame is 66,000 per second, as MOTN stores tangents
    assert.match(refused((d, { track: [t, k] }) => { d.targets[t].tracks[k].keys[1].in = 2200; }), /keys\[1\]\.in: 2200 per frame is 66000 per second: a half float holds ±65504$/);
    assert.match(refused((d, { track: [t] }) => { d.targets[t].name = 'NAMÉ'; }), /^targets\[\d+\]\.name: "NAMÉ": a MOTN name is ASCII/);
  });

  it('aliases that no longer agree', () => {
    assert.match(refused((d, { alias: [a, b] }) => { d.targets[b].tracks[0].keys[0].value = d.targets[a].tracks[0].keys[0].value === 1 ? 2 : 1; }),
      /^targets\[\d+\]\.tracks: differs from targets\[\d+\], which shares layout\.block \d+/);
  });

  it('the CLI: one line, exit 2, nothing written; a good keys form writes OUT and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-motn-build-'));
    try {
      const { doc, track: [t, k] } = sample();
      fs.writeFileSync(path.join(dir, 'good.json'), JSON.stringify(doc));
      doc.targets[t].tracks[k].keys[1].value = 1e6;
      fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(doc));
      const before = fs.readdirSync(dir).sort();
      const r = cli('build', path.join(dir, 'bad.json'), '-o', path.join(dir, 'motion.bin'));
      assert.equal(r.code, 2);
      assert.equal(r.stderr.split('\n').length, 1, r.stderr);
      assert.match(r.stderr, /^animscope build: .*bad\.json: targets\[\d+\]\.tracks\[\d+\]\.keys\[1\]\.value: 1000000 does not fit in a half float/);
      assert.deepEqual(fs.readdirSync(dir).sort(), before, 'nothing written');
      const ok = cli('build', path.join(dir, 'good.json'), '-o', path.join(dir, 'motion.bin'));
      assert.equal(ok.code, 0, ok.stderr);
      assert.match(ok.stdout, /motion\.bin: [\d,]+ bytes \(motn\)/);
      assert.deepEqual(fs.readdirSync(dir).sort(), [...before, 'motion.bin'].sort(), 'no temporary file left');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
