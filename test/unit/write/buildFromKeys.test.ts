/**
 * One table of keys builders (src/write/buildFromKeys.ts): BCK and MOTN keys forms are built by
 * their kind's builder; any other kind's keys form (what `animscope keys` prints for a BTK) is
 * refused in one line naming `format`, and the CLI says it with exit 2 and writes nothing.
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

  it('refuses a BTK keys form in one line naming the kinds it builds', () => {
    assert.deepEqual(['bck', 'motn', 'btk'].map(canBuildFromKeys), [true, true, false]);
    const btk = keysDocument(decode(readSample('j3d/smg/TripodBossCore/Wait.btk'), 'Wait.btk').anim!);
    assert.throws(() => buildFromKeys(JSON.parse(JSON.stringify(btk))),
      (e: Error) => e instanceof BuildInputError && e.message === 'format: keys of "btk" cannot be built yet: bck, motn can');
    assert.throws(() => buildFromKeys({ keysVersion: 1 }), (e: Error) => e instanceof BuildInputError && /an unnamed kind/.test(e.message));
  });

  it('the CLI: `build` of a BTK keys form is exit 2 and nothing is written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-keys-'));
    try {
      const keys = path.join(dir, 'wait.keys.json');
      assert.equal(cliWith({ realFiles: true }, 'keys', samplePath('j3d/smg/TripodBossCore/Wait.btk'), '-o', keys).code, 0);
      const r = cliWith({ realFiles: true }, 'build', keys, '-o', path.join(dir, 'out.btk'));
      assert.equal(r.code, 2);
      assert.match(r.stderr, /keys of "btk" cannot be built yet: bck, motn can/);
      assert.deepEqual(fs.readdirSync(dir), ['wait.keys.json']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
