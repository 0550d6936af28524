/**
 * One table of keys builders (src/write/buildFromKeys.ts): every animation kind's keys form is
 * built by its kind's builder; a form of no kind (a model, a typo) is refused in one line naming
 * `format`, and the CLI says it with exit 2 and writes nothing. The CLI writes a BTK from its keys.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { decode } from '../../../src/formats/index';
import { buildFromKeys, canBuildFromKeys } from '../../../src/write/buildFromKeys';
import { BuildInputError } from '../../../src/write/input';
import { keysDocument } from '../../../src/write/keysForm';
import { cliWith } from '../cli/capture';
import { readSample, samplePath } from '../helpers';

describe('write: buildFromKeys, the one table of keys builders', () => {
  it('builds a BCK keys form into a BCK that decodes without errors', () => {
    const bytes = readSample('j3d/smg/TripodBoss/StartDemo.bck');
    const built = buildFromKeys(JSON.parse(JSON.stringify(keysDocument(decode(bytes, 'StartDemo.bck').anim!))));
    const again = decode(built, 'StartDemo.bck');
    assert.equal(again.format, 'bck');
    assert.deepEqual(again.diagnostics.filter((d) => d.severity === 'error'), []);
  });

  it('refuses a keys form of no animation kind in one line naming the kinds it builds', () => {
    assert.deepEqual(['bck', 'motn', 'btk', 'bmd', 'toString'].map(canBuildFromKeys), [true, true, true, false, false]);
    const btk = JSON.parse(JSON.stringify(keysDocument(decode(readSample('j3d/smg/TripodBossCore/Wait.btk'), 'Wait.btk').anim!)));
    assert.throws(() => buildFromKeys({ ...btk, format: 'bmd' }),
      (e: Error) => e instanceof BuildInputError && e.message === 'format: keys of "bmd" cannot be built: bca, bck, bla, blk, bpa, bpk, brk, btk, btp, bva, bxa, bxk, motn can');
    assert.throws(() => buildFromKeys({ keysVersion: 1 }), (e: Error) => e instanceof BuildInputError && /an unnamed kind/.test(e.message));
  });

  it('the CLI: `keys` then `build` of a real BTK gives its bytes; a form of no kind is exit 2 and nothing is written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-keys-'));
    try {
      const rel = 'j3d/smg/TripodBossCoreUnbreakableBloom/Wait.btk';
      const keys = path.join(dir, 'wait.keys.json');
      assert.equal(cliWith({ realFiles: true }, 'keys', samplePath(rel), '-o', keys).code, 0);
      assert.equal(cliWith({ realFiles: true }, 'build', keys, '-o', path.join(dir, 'out.btk')).code, 0);
      assert.deepEqual(new Uint8Array(fs.readFileSync(path.join(dir, 'out.btk'))), readSample(rel));
      fs.writeFileSync(keys, fs.readFileSync(keys, 'utf8').replace(/"format": *"btk"/, '"format": "bdl"'));
      const r = cliWith({ realFiles: true }, 'build', keys, '-o', path.join(dir, 'other.btk'));
      assert.equal(r.code, 2);
      assert.match(r.stderr, /keys of "bdl" cannot be built: bca, bck/);
      assert.deepEqual(fs.readdirSync(dir).sort(), ['out.btk', 'wait.keys.json']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
