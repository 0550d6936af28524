import { strict as assert } from 'assert';
import { gameOf } from '../../../src/formats/game';
import { realFiles } from '../helpers';

describe('the game a file comes from (its playback rate)', () => {
  it('every animation in the shared Galaxy object archives is Galaxy at 60 fps, by the files beside it', () => {
    const inArchives = realFiles().filter((f) => /^archives\/(Kuribo|PowerStar|CrystalSwitch|Mogu)\.arc\//.test(f.path) && /\.b(ck|tk|rk|tp|va|pk)$/.test(f.name));
    assert.ok(inArchives.length >= 40, `${inArchives.length} animations`);
    for (const f of inArchives) {
      const segments = f.path.split('/');
      const folder = segments.slice(0, -1).join('/');
      const siblings = realFiles().filter((g) => g.path.startsWith(folder + '/') && !g.path.slice(folder.length + 1).includes('/')).map((g) => g.name);
      // ActorInfo is a folder: it appears as a path segment of the entries below it
      for (const g of realFiles()) if (g.path.startsWith(folder + '/') && g.path.slice(folder.length + 1).includes('/')) siblings.push(g.path.slice(folder.length + 1).split('/')[0]);
      assert.equal(gameOf(segments, siblings)?.fps, 60, f.path);
    }
  });

  it('a Galaxy disc folder in the path is enough; a folder of bare animations says nothing', () => {
    assert.equal(gameOf(['disc', 'ObjectData', 'Kuribo.arc', 'Kuribo', 'Walk.bck'], ['Walk.bck'])?.name, 'Super Mario Galaxy');
    assert.equal(gameOf(['samples', 'j3d', 'smg', 'TripodBossCore', '2ndDemo.bck'], ['2ndDemo.bck', 'Wait.btk']), undefined);
    assert.equal(gameOf(['mkdd', 'objects', 'mariotree1_wait.bca'], ['mariotree1_wait.bca', 'mariotree1.bmd']), undefined);
  });
});
