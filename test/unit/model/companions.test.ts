import { strict as assert } from 'assert';
import { companionsAmong } from '../../../src/kinds/companions';

describe('"Also play": the animations beside a file that change a model', () => {
  it('lists every kind with an apply facet (not the file itself, not MOTN, models or other files), by name', () => {
    const kuribo = ['Kuribo.bdl', 'Walk.bck', 'Blink.btp', 'Normal.brk', 'Walk.bas', 'ActorInfo', 'Blink2.btp', 'Swoon.brk', 'motion.bin', 'x.bva'];
    assert.deepStrictEqual(companionsAmong('Walk.bck', kuribo), [
      { name: 'Blink.btp', format: 'btp' }, { name: 'Blink2.btp', format: 'btp' }, { name: 'Normal.brk', format: 'brk' },
      { name: 'Swoon.brk', format: 'brk' }, { name: 'x.bva', format: 'bva' },
    ]);
    assert.deepStrictEqual(companionsAmong('Kuribo.bdl', ['Kuribo.bdl', 'Wait.bck']).map((c) => c.name), ['Wait.bck']);
  });
});
