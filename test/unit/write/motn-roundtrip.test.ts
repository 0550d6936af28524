/**
 * Round-trip property of the MOTN builder (src/write/motn) on generated keys forms
 * (test/fixtures/motn-keys.ts): keys → build → keys is the identity, and the built file decodes
 * without errors or warnings.
 */
import { strict as assert } from 'assert';
import { decode } from '../../../src/formats/index';
import { keysDocument } from '../../../src/write/keysForm';
import { buildMotnFromKeys } from '../../../src/write/motn/layout';
import { generateMotnKeys } from '../../fixtures/motn-keys';

const SEEDS = 60;

describe('write: MOTN keys → build → keys on generated animations', () => {
  it(`is the identity for ${SEEDS} seeded keys forms`, () => {
    let keys = 0, flagged = 0, long = 0, raw = 0, aliased = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const doc = JSON.parse(JSON.stringify(generateMotnKeys(seed)));
      const bytes = buildMotnFromKeys(doc);
      const file = decode(bytes, 'motion.bin');
      assert.equal(file.format, 'motn', `seed ${seed}`);
      assert.deepEqual(file.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning'), [], `seed ${seed}`);
      assert.deepEqual(JSON.parse(JSON.stringify(keysDocument(file.anim!, bytes))), doc, `seed ${seed}`);
      // what the seeds covered (so the generator cannot quietly stop producing a case)
      const anim = file.anim!.format === 'motn' ? file.anim! : undefined;
      for (const s of anim?.sequences ?? []) {
        if (!s.standard) raw++;
        if (s.aliases.length) aliased++;
        if (s.frameFlag) flagged++;
        if (s.frames > 255 && s.standard) long++;
        for (const t of s.tracks) keys += t.keys.length;
      }
    }
    assert.ok(keys > 1000 && flagged > 0 && long > 0 && raw > 0 && aliased > 0, JSON.stringify({ keys, flagged, long, raw, aliased }));
  });
});
