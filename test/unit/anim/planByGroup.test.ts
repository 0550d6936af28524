/**
 * Sampling plans a J3D animation group by group (src/kinds/sample.ts): the groups' plans, in order,
 * must be the animation's whole plan — same paths, groups and values — for every kind, and a
 * group's plan must cost the same wherever the group is (a range read directly, not a walk of the
 * whole list). Past HELD_PLAN tracks the plan is made again as it is sampled and never held whole.
 */
import * as assert from 'assert';
import * as tracks from '../../../src/anim/tracks';
import { planTracks } from '../../../src/kinds/describe';
import { sampleFile, sampleStream } from '../../../src/kinds/sample';
import { decode } from '../../../src/formats/index';
import { AnimData, pageSpecFor } from '../../../src/kinds/pages';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import type { BxkAnim } from '../../../src/formats/jsystem/bxk/types';
import { syntheticKindFiles } from '../../fixtures/j3d-kinds-writer';
import { writeWorstCaseBck } from '../../fixtures/j3d-writer';
import { realFiles } from '../helpers';

/** Calls `body` with the spec's group planner wrapped by `spy` (the planners themselves are bound at load). */
function spyingOnGroups(anim: AnimData, spy: (group: number) => void, body: () => void): void {
  const groups = pageSpecFor(anim).groups as { plan: (a: AnimData, g: number) => tracks.PlannedTrack[] };
  const original = groups.plan;
  groups.plan = (a, g) => { spy(g); return original(a, g); };
  try {
    body();
  } finally {
    groups.plan = original;
  }
}

function groupsInOrder(anim: AnimData): tracks.PlannedTrack[] {
  const groups = pageSpecFor(anim).groups;
  const out: tracks.PlannedTrack[] = [];
  for (let g = 0; g < groups.count(anim); g++) out.push(...groups.plan(anim, g));
  return out;
}

function assertSamePlan(name: string, anim: AnimData): void {
  const whole = planTracks(anim);
  const byGroup = groupsInOrder(anim);
  assert.deepStrictEqual(byGroup.map((t) => `${t.group} ${t.path}`), whole.map((t) => `${t.group} ${t.path}`), name);
  const duration = 'duration' in anim ? Number(anim.duration) : 0;
  const frames = [0, 1, 2.5, Math.floor(duration / 2), duration];
  whole.forEach((t, i) => {
    for (const f of frames) assert.ok(Object.is(tracks.evaluatePlanned(byGroup[i], f), tracks.evaluatePlanned(t, f)), `${name} ${t.path} @${f}`);
  });
}

describe('J3D plans by group', () => {
  it('the groups in order are the whole plan, for every real J3D animation and every synthetic kind', () => {
    const kinds = new Set<string>();
    const files = [...realFiles(), ...syntheticKindFiles()];
    for (const f of files) {
      const anim = decode(f.bytes, f.name).anim;
      if (!anim || anim.format === 'motn') continue;
      kinds.add(anim.format);
      assertSamePlan(f.name, anim);
    }
    assert.deepStrictEqual([...kinds].sort(), ['bca', 'bck', 'bla', 'blk', 'bpa', 'bpk', 'brk', 'btk', 'btp', 'bva', 'bxa', 'bxk']);
  });

  it('a vertex-colour group is planned by its number across both channels', () => {
    const f = syntheticKindFiles().find((x) => x.name.endsWith('.bxk'))!;
    const anim = decode(f.bytes, f.name).anim as BxkAnim;
    assert.deepStrictEqual(anim.channels.map((c) => c.length), [2, 1]);
    const groups = pageSpecFor(anim).groups;
    const planned = [0, 1, 2].map((g) => groups.plan(anim, g).map((t) => `${t.group} ${t.path}`));
    const expected = (g: number, c: number, e: number): string[] => ['r', 'g', 'b', 'a'].map((k) => `${g} channels/${c}/entries/${e}/${k}`);
    assert.deepStrictEqual(planned, [expected(0, 0, 0), expected(1, 0, 1), expected(2, 1, 0)]);
  });

  it('the worst-case BCK is sampled one joint planned at a time, as counted, with the whole plan\'s values', () => {
    const file = decode(writeWorstCaseBck().bytes, 'worst-case.bck');
    const anim = file.anim as BckAnim;
    const planned: number[] = [];
    const taken: { path: string; values: number[] }[] = [];
    let samples = 0;
    spyingOnGroups(anim, (g) => planned.push(g), () => {
      const stream = sampleStream(file);
      samples = stream.samples;
      const [animation] = [...stream.animations()];
      for (const t of animation.tracks()) {
        taken.push(t);
        if (taken.length === 20) break;
      }
    });
    // Counted group by group (65,535 plans), then planned again as sampled: 3 groups give 20 tracks.
    assert.strictEqual(planned.length, 65535 + 3);
    assert.deepStrictEqual(planned.slice(65535), [0, 1, 2]);
    assert.strictEqual(samples, 65535 * 9 * 31);
    const first = tracks.planBck(anim, 0, 3);
    taken.forEach((t, i) => {
      assert.strictEqual(t.path, first[i].path);
      t.values.forEach((v, f) => assert.ok(Object.is(v, tracks.evaluatePlanned(first[i], f)), `${t.path} @${f}`));
    });
  });

  it('a small animation is planned once and sampled from that plan', () => {
    const f = realFiles().find((x) => x.name.toLowerCase().endsWith('.bck'))!;
    const file = decode(f.bytes, f.name);
    let calls = 0;
    spyingOnGroups(file.anim!, () => calls++, () => sampleFile(file));
    assert.strictEqual(calls, (file.anim as BckAnim).joints.length, 'each joint planned once');
  });
});
