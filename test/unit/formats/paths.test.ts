/**
 * Field paths (binary/fields.ts): decode() leaves them to be derived; resolvePath matches a path
 * against the nodes' names with the rule assignPaths builds paths by ('.' inside a record, '/'
 * between other nodes, `[i]` for elements). The two must agree on every real file.
 */
import { strict as assert } from 'assert';
import { assignPaths, FieldNode, pathChain, resolvePath, walkFields } from '../../../src/formats/binary/fields';
import { decode } from '../../../src/formats/index';
import { exportDecoded } from '../../../src/export/json';
import { readSample, realFiles } from '../helpers';

describe('field paths: derived where used', () => {
  it('decode() builds no paths; every explicit node of every real file resolves by its assigned path', () => {
    let checked = 0;
    for (const f of realFiles()) {
      const d = decode(f.bytes, f.name);
      walkFields(d.root, (n) => assert.equal(n.path, '', `${f.path}: a decoded node already has a path`));
      const root = assignPaths(d.root);
      walkFields(root, (n) => {
        if (checked > 200_000) return;
        // a later sibling with the same name (gap nodes) resolves to the first: compare paths, not nodes
        assert.equal(resolvePath(root, n.path, d.bytes)?.path, n.path, `${f.path}: ${JSON.stringify(n.path)}`);
        checked++;
      });
    }
    assert.ok(checked > 10_000, `${checked} nodes`);
  });

  it('a path with the wrong joint, a partial name or a trailing part resolves to nothing', () => {
    const d = decode(readSample('j3d/smg/TripodBoss/StartDemo.bck'), 'StartDemo.bck');
    const hit = (p: string): FieldNode | undefined => resolvePath(d.root, p, d.bytes);
    // hand-checked: ANK1 at 0x20, its loopMode u8 at 0x28; joint table at ANK1 + 0x40 (the u32 at 0x34), 0x36-byte
    // entries, rotationY the fifth 6-byte key table entry: jointTable[1]/rotationY.count at 0x60 + 0x36 + 0x18 = 0xAE (00 01)
    assert.equal(hit('ANK1/loopMode')?.offset, 0x28);
    const count = hit('ANK1/jointTable[1]/rotationY.count');
    assert.deepEqual([count?.offset, count?.value], [0xAE, 1]);
    assert.equal(hit('ANK1.loopMode'), undefined, 'a chunk is not a record');
    assert.equal(hit('ANK1/jointTable[1]/rotationY/count'), undefined, 'a record joins with a dot');
    assert.equal(hit('ANK1/loop'), undefined, 'a partial name');
    assert.equal(hit('ANK1/loopModeX'), undefined, 'a longer name');
    assert.equal(hit('ANK1/loopMode/x'), undefined, 'past a leaf');
    assert.deepEqual(pathChain(d.root, 'ANK1/jointTable[1]', d.bytes).map((n) => n.name), ['', 'ANK1', 'jointTable', '[1]']);
  });

  it('the JSON export carries every path as assignPaths builds it', () => {
    const d = decode(readSample('j3d/smg/TripodBossCore/2ndDemo.bck'), '2ndDemo.bck');
    const exported: string[] = [];
    const walk = (n: { path: string; children?: { path: string }[] }): void => { exported.push(n.path); n.children?.forEach(walk); };
    walk(exportDecoded(d).structure);
    const assigned: string[] = [];
    walkFields(assignPaths(d.root), (n) => { assigned.push(n.path); });
    assert.deepEqual(exported, assigned);
    assert.ok(exported.includes('ANK1/jointTable') && exported.includes('ANK1/loopMode'));
  });
});
