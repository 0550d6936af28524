import { strict as assert } from 'assert';
import { animFromPayload } from '../../../src/wire/animPayload';
import { summarize } from '../../../src/kinds/summary';
import { decode } from '../../../src/formats/index';
import { assignPaths, FieldNode, fieldNode, resolvePath } from '../../../src/formats/binary/fields';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import type { DecodedFile } from '../../../src/formats/types';
import { HEAD_BYTES, loadedFileOf, loadsOf, SEND_AHEAD_ABOVE } from '../../../src/wire/loadedFile';
import { packTree, unpackTree } from '../../../src/wire/packedTree';
import { byteLengthOf, isHostToWebview, isLoadedFile, LoadedFile, msg, wholeOf } from '../../../src/wire/protocol';
import { encodeYaz0 } from '../../fixtures/archive-writer';
import { writeWorstCaseBck } from '../../fixtures/j3d-writer';
import { listSamples, readSample, realFiles } from '../helpers';
import { hostilePath } from '../hostile/files';
import * as fs from 'fs';
import type { MotnAnim } from '../../../src/formats/motn/types';
import { specFor } from '../../../src/kinds/registry';

/** What the host posts, through structured clone (what postMessage does). */
function posted(file: DecodedFile): LoadedFile {
  return structuredClone(loadedFileOf(file, { fileByteLength: file.bytes.length, summary: summarize(file) }));
}

describe('the load message (host → webview): packed field tree and animation payload', () => {
  for (const rel of [...listSamples('j3d'), 'motn/motion.bin']) {
    it(`${rel}: the page gets the decode's field tree and animation back exactly; the message validates`, () => {
      const host = decode(readSample(rel), rel.split('/').pop());
      const file = posted(host);
      assert.ok(isLoadedFile(file));
      assert.ok(!('root' in file), 'no field tree as objects');
      assert.deepStrictEqual(unpackTree(file.tree), assignPaths(host.root));
      const anim = animFromPayload(file.anim);
      assert.ok(anim, 'the payload unpacks');
      if (host.anim?.format === 'motn' && anim.format === 'motn') {
        assert.deepStrictEqual(anim.sequences.map(({ tracks, ...s }) => s), host.anim.sequences.map(({ tracks, ...s }) => s));
        assert.ok(anim.sequences.every((s) => s.tracks.length === 0), 'MOTN tracks are asked for per sequence');
      } else {
        assert.deepStrictEqual(anim, { ...host.anim });
      }
    });
  }

  it('every real file read as a Node Buffer (as the extension host reads it): no Buffer in the message, which VS Code would send as a plain object', () => {
    const buffers: string[] = [];
    const walk = (v: unknown, at: string): void => {
      if (Buffer.isBuffer(v)) buffers.push(at);
      else if (ArrayBuffer.isView(v) || typeof v !== 'object' || v === null) return;
      else for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`);
    };
    const files = realFiles();
    for (const f of files) {
      const host = decode(Buffer.from(f.bytes), f.name);
      walk(loadedFileOf(host, { fileByteLength: host.bytes.length }), f.path);
    }
    assert.ok(files.some((f) => f.name.endsWith('.bva')), 'a BVA is among the real files (its bank once crossed as a Buffer)');
    assert.deepStrictEqual(buffers, []);
  });

  it('the "Also play" companions given to loadedFileOf reach the message (the editor passes them; they were once dropped)', () => {
    const host = decode(readSample('j3d/smg/TripodBossCore/2ndDemo.bck'), '2ndDemo.bck');
    const companions = [{ name: '2ndDemo.brk', format: 'brk', chosen: true }, { name: 'Wait.btk', format: 'btk', chosen: false }];
    const file = structuredClone(loadedFileOf(host, { fileByteLength: host.bytes.length, companions }));
    assert.ok(isLoadedFile(file));
    assert.deepStrictEqual(file.companions, companions);
    assert.ok(!('companions' in structuredClone(loadedFileOf(host, { fileByteLength: host.bytes.length, companions: [] }))), 'none: no field');
  });

  it('a Yaz0-compressed BCK: the tree of the decompressed bytes', () => {
    const host = decode(encodeYaz0(readSample('j3d/smg/TripodBossCore/2ndDemo.bck')), '2ndDemo.bck.szs');
    assert.equal(host.container?.kind, 'yaz0');
    assert.deepStrictEqual(unpackTree(posted(host).tree), assignPaths(host.root));
  });

  it('the worst-case BCK: 65,535 joints and the three banks cross as views of the file\'s bytes (no second copy) and come back equal', () => {
    const host = decode(writeWorstCaseBck().bytes, 'worst.bck');
    const sent = loadedFileOf(host, { fileByteLength: host.bytes.length });
    assert.ok(sent.anim?.format === 'bck' && sent.anim.jointTable instanceof Uint8Array);
    // VS Code sends each ArrayBuffer of a message once: the table shares the file's.
    assert.equal(sent.anim.jointTable.buffer, sent.bytes.buffer);
    assert.equal(sent.anim.jointTable.byteOffset - sent.bytes.byteOffset, resolvePath(host.root, 'ANK1/jointTable', host.bytes)?.offset);
    assert.equal(sent.anim.jointTable.length, 65535 * 54);
    const file = posted(host);
    assert.ok(file.anim?.format === 'bck' && file.anim.jointTable instanceof Uint8Array);
    assert.equal(file.anim.jointTable.buffer, file.bytes.buffer, 'structured clone keeps the one buffer');
    const joints = (animFromPayload(file.anim) as BckAnim).joints;
    assert.equal(joints.length, 65535);
    assert.deepStrictEqual(joints[65534], (host.anim as BckAnim).joints[65534]);
    assert.deepStrictEqual(joints[0], (host.anim as BckAnim).joints[0]);
    const anim = host.anim as BckAnim;
    for (const [name, size] of [['scaleBank', 4], ['rotationBank', 2], ['translationBank', 4]] as const) {
      const view: unknown = sent.anim[name];
      assert.ok(view instanceof Uint8Array && view.buffer === sent.bytes.buffer, `${name}: a view of the file's bytes`);
      assert.equal(view.byteOffset - sent.bytes.byteOffset, resolvePath(host.root, `ANK1/${name}`, host.bytes)?.offset, name);
      assert.equal(view.length, 65535 * size, name);
      assert.ok(file.anim[name] instanceof Uint8Array && (file.anim[name] as Uint8Array).buffer === file.bytes.buffer, `${name} after structured clone`);
    }
    const unpacked = animFromPayload(file.anim) as BckAnim;
    assert.deepStrictEqual([unpacked.scaleBank, unpacked.rotationBank, unpacked.translationBank], [anim.scaleBank, anim.rotationBank, anim.translationBank]);
    assert.ok(unpacked.rotationBank instanceof Int16Array && unpacked.scaleBank instanceof Float32Array);
  });

  it('MOTN aliases do not cross: the page lists them from the offsets, as the decoder did (motion.bin, and 400 names of one sequence)', () => {
    for (const host of [decode(readSample('motn/motion.bin'), 'motion.bin'), decode(new Uint8Array(fs.readFileSync(hostilePath('motion_alias400.bin'))), 'motion_alias400.bin')]) {
      const file = posted(host);
      assert.ok(file.anim?.format === 'motn');
      assert.ok(!JSON.stringify(file.anim).includes('aliases'), 'no alias lists in the message');
      const sequences = (host.anim as MotnAnim).sequences;
      assert.ok(sequences.some((s) => s.aliases.length > 0));
      assert.deepStrictEqual((animFromPayload(file.anim) as MotnAnim).sequences.map((s) => s.aliases), sequences.map((s) => s.aliases));
    }
    const cut = (decode(new Uint8Array(fs.readFileSync(hostilePath('motion_alias400.bin'))), 'a.bin').anim as MotnAnim).sequences;
    assert.deepStrictEqual([cut.length, cut[0].aliases.length, cut[0].aliases[0], cut[399].aliases[255]], [400, 256, cut[1].name, cut[255].name]);
  });

  it('MOTN: the first group\'s tracks come with the load (no round trip before the first render); a bad part is left for the page to ask', () => {
    const host = decode(readSample('motn/motion.bin'), 'motion.bin');
    const spec = specFor(host.anim!);
    const file = posted(host);
    const first = spec.groups.first(host.anim!);
    assert.equal(file.firstPart?.group, first);
    const anim = animFromPayload(file.anim!)!;
    assert.ok(spec.deferred!.missing(anim, first), 'the animation alone does not carry them');
    assert.ok(spec.deferred!.attach(anim, file.firstPart!.group, file.firstPart!.part));
    assert.ok(!spec.deferred!.missing(anim, first));
    assert.deepStrictEqual((anim as MotnAnim).sequences[first].tracks, (host.anim as MotnAnim).sequences[first].tracks);
    assert.ok((anim as MotnAnim).sequences[first].tracks.length > 0);
    const other = animFromPayload(file.anim!)!;
    assert.equal(spec.deferred!.attach(other, first, [{ bone: 'x' }]), false);
    assert.ok(spec.deferred!.missing(other, first));
    assert.equal(isLoadedFile({ ...file, firstPart: { group: -1, part: [] } }), false);
    // Kinds whose tracks travel with the animation send none.
    assert.equal(posted(decode(readSample('j3d/smg/TripodBossCore/2ndDemo.bck'), '2ndDemo.bck')).firstPart, undefined);
  });

  it('motion.bin: the packed tree is far smaller than the same tree as JSON', () => {
    const host = decode(readSample('motn/motion.bin'), 'motion.bin');
    const packed = packTree(host.root);
    const packedBytes = packed.columns.reduce((sum, c) => sum + c.byteLength, 0) + packed.numbers.byteLength + packed.arrays.byteLength +
      JSON.stringify(packed.strings).length + JSON.stringify(packed.elements).length;
    assert.ok(packedBytes * 2.5 < JSON.stringify(host.root).length, `${packedBytes} packed vs ${JSON.stringify(host.root).length} as JSON`);
    // Narrow columns: names, types, displays, strings and child counts fit 16 bits, role, flags and
    // array ids fewer; only offsets and sizes need 32 (10 × 4 bytes a node before).
    const columnBytes = packed.columns.reduce((sum, c) => sum + c.byteLength, 0);
    assert.equal(columnBytes, packed.count * 23, packed.columns.map((c) => c.BYTES_PER_ELEMENT).join(''));
    assert.ok(packed.numbers.length < packed.count / 2, 'numbers only for the nodes that have one');
  });

  it('a node a hostile file declares past 2 GiB or 4 GiB crosses intact (the page refused the whole tree before)', () => {
    const root = decode(readSample('j3d/smg/TripodBossCore/Wait.btk'), 'Wait.btk').root;
    const far = Object.assign(fieldNode('postNameTable', 3_706_087_200, 4, 'JUTNameTab'), { path: 'far', missing: true,
      children: [Object.assign(fieldNode('count', 3_706_087_200, 2, 'u16'), { path: 'far.count', missing: true })] });
    const farther = Object.assign(fieldNode('farther', 2 ** 33 + 5, 2, 'u16'), { path: 'farther', missing: true });
    const tree: FieldNode = { ...root, children: [...(root.children ?? []), far, farther] };
    const packed = packTree(tree);
    assert.ok(packed.columns[1] instanceof Float64Array, 'offsets past 4 GiB: a float column');
    assert.deepStrictEqual(unpackTree(structuredClone(packed)), assignPaths(structuredClone(tree)));
    packed.columns[1][1] = 0.5;
    assert.equal(unpackTree(packed), undefined, 'a float column holds whole numbers only');
  });

  it('unpackTree refuses arrays that do not describe one tree', () => {
    const good = packTree(decode(readSample('j3d/smg/TripodBossCore/Wait.btk'), 'Wait.btk').root);
    assert.ok(unpackTree(good));
    type Packed = ReturnType<typeof packTree>;
    // Sets a column's stored value (value + 1), widening the column so any value fits.
    const set = (t: Packed, column: number, node: number, stored: number): void => {
      t.columns[column] = Uint32Array.from(t.columns[column]);
      t.columns[column][node] = stored;
    };
    const variants: [string, (t: Packed) => void][] = [
      ['a cut column', (t) => { t.columns[2] = t.columns[2].slice(0, -1); }],
      ['a missing node', (t) => { t.count--; t.columns = t.columns.map((c) => c.slice(0, -1)); }],
      ['a child count past the end', (t) => { set(t, 7, 0, 1e6); }],
      ['a string id past the table', (t) => { set(t, 0, 0, t.strings.length + 1); }],
      ['a negative offset', (t) => { set(t, 1, 1, 0); }],
      ['no root children: a second root', (t) => { set(t, 7, 0, 1); }],
      ['a number too few', (t) => { t.numbers = t.numbers.slice(0, -1); }],
      ['a number too many', (t) => { t.numbers = Float64Array.from([...t.numbers, 1]); }],
      ['nine columns', (t) => { t.columns.pop(); }],
    ];
    for (const [what, spoil] of variants) {
      const t = structuredClone(good);
      spoil(t);
      assert.equal(unpackTree(t), undefined, what);
    }
  });
});

describe('a big file goes to a fresh page in two messages (loadsOf): its start, then the rest', () => {
  it('every real J3D file (all under 1 MiB) goes whole, in one load', () => {
    for (const rel of listSamples('j3d')) {
      const host = decode(readSample(rel), rel.split('/').pop());
      const file = loadedFileOf(host, { fileByteLength: host.bytes.length });
      assert.deepStrictEqual(loadsOf(file), { first: file }, rel);
    }
  });

  for (const [name, bytes] of [['motion.bin', () => readSample('motn/motion.bin')], ['the worst-case BCK', () => writeWorstCaseBck().bytes]] as const) {
    it(`${name}: first its first ${HEAD_BYTES} bytes with the tree, diagnostics and summary (no animation, no second copy of the file), then the rest, which the page joins into the whole load`, () => {
      const data = bytes();
      assert.ok(data.length > SEND_AHEAD_ABOVE);
      const host = decode(data, name === 'motion.bin' ? name : 'worst.bck');
      const file = loadedFileOf(host, { fileByteLength: data.length });
      const { first: start, rest } = loadsOf(file);
      assert.ok(rest);
      assert.deepStrictEqual(start.partial, { byteLength: data.length });
      assert.equal(byteLengthOf(start), data.length);
      assert.deepStrictEqual([...start.bytes], [...data.subarray(0, HEAD_BYTES)]);
      // a view would carry its whole buffer through postMessage
      assert.equal(start.bytes.buffer.byteLength, HEAD_BYTES, 'the start is a copy, not a view of the file');
      assert.equal(start.anim, undefined);
      assert.equal(start.firstPart, undefined);
      assert.strictEqual(start.tree, file.tree);
      assert.strictEqual(start.diagnostics, file.diagnostics);
      assert.strictEqual(start.summary, file.summary);
      // the rest: the bytes and what is built on them, not the tree again
      assert.deepStrictEqual(Object.keys(rest).sort(), ['anim', 'bytes', 'fileName', 'firstPart', 'modelPayload']);
      assert.strictEqual(rest.bytes, file.bytes);
      assert.strictEqual(rest.anim, file.anim);
      const cloned = structuredClone(start);
      assert.ok(isLoadedFile(cloned), 'the start validates');
      assert.ok(isHostToWebview(structuredClone(msg.rest(rest))), 'the rest validates');
      assert.ok(!isLoadedFile({ ...cloned, partial: { byteLength: HEAD_BYTES - 1 } }), 'a whole shorter than the bytes sent is refused');
      assert.ok(!isLoadedFile({ ...cloned, partial: { byteLength: -1 } }));
      assert.ok(!isLoadedFile({ ...cloned, partial: 5 }));
      // the page joins them into the load a small file gets
      assert.deepStrictEqual(wholeOf(start, rest), file);
      assert.equal(wholeOf(start, { ...rest, fileName: 'other.bin' }), undefined, 'the rest of another file');
      assert.equal(wholeOf(start, { ...rest, bytes: rest.bytes.subarray(1) }), undefined, 'bytes of another length');
      assert.equal(wholeOf(file, rest), undefined, 'a load that is not a start');
      assert.equal(wholeOf(start, { ...rest, anim: { format: 'brk' } }), undefined, 'an animation of another format');
    });
  }
});
