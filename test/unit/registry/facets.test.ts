/**
 * Every FormatSpec holds to its contract on every real file of its format (loose or inside the
 * shared archives): detection, groups, the wire, summaries. A new format gets these checks by
 * being in the registry. A format with no real file must say it is less tested (`lessTested`);
 * it is checked on its synthetic files (test/fixtures) instead.
 */
import { strict as assert } from 'assert';
import { assignPaths, walkFields } from '../../../src/formats/binary/fields';
import { detect } from '../../../src/formats/detect';
import { decode } from '../../../src/formats/index';
import { FORMAT_LIST, specOfName } from '../../../src/kinds/registry';
import type { AnySpec } from '../../../src/kinds/registry';
import { syntheticKindFiles } from '../../fixtures/j3d-kinds-writer';
import { realFiles } from '../helpers';

/** Groups checked one by one per file (the rest are counted). */
const MAX_GROUPS = 64;

function filesOf(spec: AnySpec) {
  const real = realFiles().filter((f) => detect(f.bytes, f.name) === spec.id);
  if (real.length > 0 || !spec.lessTested) return real;
  return syntheticKindFiles().filter((f) => detect(f.bytes, f.name) === spec.id).map((f) => ({ ...f, path: `synthetic/${f.name}` }));
}

describe('format registry: every FormatSpec on the real files of its format', () => {
  it('each format has a distinct id, label, magic and icon, and the ids are the data\'s `format`', () => {
    assert.equal(new Set(FORMAT_LIST.map((s) => s.id)).size, FORMAT_LIST.length);
    assert.equal(new Set(FORMAT_LIST.map((s) => s.label)).size, FORMAT_LIST.length);
    const j3dTypes = FORMAT_LIST.flatMap((s) => (s.magic.kind === 'j3d' ? [s.magic.type] : []));
    assert.equal(new Set(j3dTypes).size, j3dTypes.length);
  });

  for (const spec of FORMAT_LIST) {
    describe(spec.label, () => {
      const files = filesOf(spec);

      it('has real files to check (synthetic ones when it says it is less tested)', () => assert.ok(files.length > 0, `no real ${spec.label} file`));

      it('detection by magic or name and the file patterns agree', () => {
        for (const f of files) {
          const decoded = decode(f.bytes, f.name);
          assert.equal(decoded.format, spec.id, f.path);
          assert.equal(decoded.anim?.format, spec.id, f.path);
          assert.equal(specOfName(f.name)?.id, spec.id, `${f.name} matches ${spec.filePatterns.join(', ')}`);
        }
      });

      it('groups: keys round-trip, every group plans its own tracks, the first group is one of them', () => {
        for (const f of files) {
          const anim = decode(f.bytes, f.name).anim!;
          const g = spec.groups;
          const count = g.count(anim);
          assert.ok(count > 0, `${f.path}: no groups`);
          const first = g.first(anim);
          assert.ok(first >= 0 && first < count, `${f.path}: first group ${first} of ${count}`);
          assert.equal(g.index(anim, 'nonsense:0'), undefined);
          assert.equal(g.index(anim, g.key(anim, count - 1).replace(/\d+$/, String(count + 5))), undefined, `${f.path}: out-of-range key`);
          const wholeFile = spec.groups.separate ? undefined : spec.planTracks(anim).map((t) => t.path);
          const perGroup: string[] = [];
          for (let i = 0; i < Math.min(count, MAX_GROUPS); i++) {
            assert.equal(g.index(anim, g.key(anim, i)), i, `${f.path}: key of group ${i}`);
            assert.ok(g.label(anim, i).length > 0);
            if (spec.deferred?.missing(anim, i) === false || !spec.deferred) {
              const tracks = g.plan(anim, i);
              perGroup.push(...tracks.map((t) => t.path));
            }
            assert.ok(Number.isFinite(g.duration(anim, i)));
          }
          if (wholeFile && count <= MAX_GROUPS) assert.deepStrictEqual(perGroup, wholeFile, `${f.path}: the groups' tracks are the file's, in order`);
        }
      });

      it('structure rows (explicit nodes and table elements) map to groups in range; every group has one', () => {
        for (const f of files) {
          const decoded = decode(f.bytes, f.name);
          const anim = decoded.anim!;
          const count = spec.groups.count(anim);
          const found = new Set<number>();
          const visit = (path: string): void => {
            const i = spec.groups.ofPath(anim, path);
            if (i === undefined) return;
            assert.ok(Number.isInteger(i) && i >= 0 && i < count, `${f.path}: ${path} → group ${i} of ${count}`);
            found.add(i);
          };
          walkFields(assignPaths(decoded.root), (node) => {
            visit(node.path);
            for (let e = 0; node.array && e < Math.min(node.array.count, 4096); e++) visit(`${node.path}[${e}]`);
          });
          assert.ok(found.size > 0, `${f.path}: no structure row belongs to a group`);
          // MOTN aliases share their sequence's node; every other format has a row per group.
          if (!spec.groups.separate) {
            for (let i = 0; i < Math.min(count, 4096); i++) assert.ok(found.has(i), `${f.path}: group ${spec.groups.key(anim, i)} has no structure row`);
          }
        }
      });

      it('the wire: the page unpacks exactly what the host packed (through structured clone)', () => {
        for (const f of files) {
          const decoded = decode(f.bytes, f.name);
          const anim = decoded.anim!;
          const payload = structuredClone(spec.wire.pack(anim, decoded.root, decoded.bytes));
          const back = spec.wire.unpack(payload);
          assert.ok(back, `${f.path}: the payload unpacks`);
          if (spec.deferred) {
            for (let i = 0; i < Math.min(spec.groups.count(anim), 8); i++) {
              if (!spec.deferred.missing(back, i)) continue;
              assert.ok(spec.deferred.attach(back, i, structuredClone(spec.deferred.part(anim, i))), `${f.path}: group ${i} attaches`);
              assert.deepStrictEqual(spec.groups.plan(back, i).map((t) => t.path), spec.groups.plan(anim, i).map((t) => t.path));
            }
          } else {
            assert.deepStrictEqual(back, { ...anim }, f.path);
          }
          assert.equal(spec.wire.unpack({ ...(payload as object), format: 'other' }), undefined, 'a payload of another format is refused');
          assert.equal(spec.wire.unpack({ format: spec.id }), undefined, 'an empty payload is refused');
        }
      });

      it('the summary: headline words and counts', () => {
        for (const f of files) {
          const s = spec.summarize(decode(f.bytes, f.name).anim!);
          assert.ok(s.headline.length > 0 && s.headline.every((w) => w.length > 0), f.path);
          assert.ok(s.counts.length > 0 && s.counts.every(([label, n]) => label.length > 0 && Number.isInteger(n) && n >= 0), f.path);
        }
      });
    });
  }
});
