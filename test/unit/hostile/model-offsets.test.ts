/**
 * Issue 26, items 1 and 5: no diagnostic carries an offset outside the file. A diagnostic about a
 * structure behind a bad offset points at the offset field that leads there (the bad value in its
 * message); `validate` prints every offset in one column width.
 */
import * as assert from 'assert';
import { DiagnosticSink, Diagnostic } from '../../../src/formats/binary/diagnostics';
import { decode } from '../../../src/formats/index';
import { decodeModel } from '../../../src/formats/model/model';
import { bindModel } from '../../../src/extension/model/binding';
import { diagnosticLine } from '../../../src/cli/format';
import { readSample, realFiles } from '../helpers';
import { cli } from '../cli/capture';
import { hostilePath, listHostile, readHostile } from './files';

const MOGU = 'mogu-truncated-11520.bdl';

function outside(diagnostics: readonly Diagnostic[], size: number): string[] {
  return diagnostics.filter((d) => !(Number.isInteger(d.offset) && d.offset >= 0 && d.offset <= size))
    .map((d) => `${d.code} at ${d.offset}: ${d.message}`);
}

const u32 = (bytes: Uint8Array, at: number): number => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, false);

describe('diagnostic offsets stay inside the file', function () {
  this.timeout(120_000);

  it(`${MOGU}: every diagnostic lies inside its 11,520 bytes`, () => {
    const bytes = readHostile(MOGU);
    const sink = new DiagnosticSink();
    decodeModel(bytes, sink);
    const list = sink.finish();
    assert.ok(list.length > 0);
    assert.deepStrictEqual(outside(list, bytes.length), []);
  });

  it(`${MOGU}: MDL_INVERSE_BIND of a joint the file does not hold points at its stored inverse bind in EVP1`, () => {
    const bytes = readHostile(MOGU);
    const sink = new DiagnosticSink();
    decodeModel(bytes, sink);
    const binds = sink.finish().filter((d) => d.code === 'MDL_INVERSE_BIND');
    assert.ok(binds.length >= 1);
    // Chunks follow the 0x20-byte header, each `id`, u32 size (FORMATS.md §10); EVP1's u32 at +0x18 is
    // the chunk-relative offset of its inverse binds, 0x30 bytes per JNT1 joint (§10.4).
    let evp1 = 0x20;
    while (String.fromCharCode(...bytes.subarray(evp1, evp1 + 4)) !== 'EVP1') evp1 += u32(bytes, evp1 + 4);
    const table = evp1 + u32(bytes, evp1 + 0x18);
    for (const d of binds) {
      const joint = Number(/joint (\d+)/.exec(d.message)?.[1]);
      assert.deepStrictEqual([d.offset, d.length], [table + joint * 0x30, 0x30], d.message);
    }
  });

  it(`${MOGU}: JNT1's tables past the end are shown at JNT1's offset fields, with the outside offset in the message`, () => {
    const bytes = readHostile(MOGU);
    const sink = new DiagnosticSink();
    decodeModel(bytes, sink);
    const list = sink.finish();
    // JNT1 is the last chunk the 11,520 bytes start (validate: at 0x2CE0); its header holds the
    // chunk-relative offsets of the remap table at +0x10 and of the name table at +0x14 (§10.6).
    const jnt1 = 0x2CE0;
    assert.strictEqual(String.fromCharCode(...bytes.subarray(jnt1, jnt1 + 4)), 'JNT1');
    const remap = list.find((d) => d.code === 'TRUNCATED' && d.message.includes('remapTable'));
    const names = list.find((d) => d.code === 'TRUNCATED' && d.message.includes('nameTable'));
    assert.deepStrictEqual([remap?.offset, remap?.length], [jnt1 + 0x10, 4]);
    assert.deepStrictEqual([names?.offset, names?.length], [jnt1 + 0x14, 4]);
    const remapAt = jnt1 + u32(bytes, jnt1 + 0x10);
    assert.ok(remapAt > bytes.length && remap?.message.includes(`0x${remapAt.toString(16).toUpperCase()}`), remap?.message);
  });

  it(`${MOGU}: validate prints each offset as 0x and 8 digits`, () => {
    const r = cli('validate', hostilePath(MOGU));
    const offsets = r.stdout.split('\n').filter((l) => l.startsWith(hostilePath(MOGU))).map((l) => l.split(' ')[1]);
    assert.ok(offsets.length > 10);
    assert.deepStrictEqual(offsets.filter((o) => !/^0x[0-9A-F]{8}$/.test(o)), []);
  });

  it('a BCK whose rotation bank offset is flipped to 0xFF0000D8 reports it at that field, not at the last byte', () => {
    const bytes = readSample('j3d/smg/TripodBossCore/2ndDemo.bck');
    // ANK1 starts at 0x20; its u32 at +0x1C is the rotation bank offset (FORMATS.md §2).
    const field = 0x20 + 0x1C;
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(field, 0xFF0000D8, false);
    const file = decode(bytes, '2ndDemo.bck');
    assert.deepStrictEqual(outside(file.diagnostics, bytes.length), []);
    const bank = file.diagnostics.filter((d) => d.message.includes('rotationBank'));
    assert.ok(bank.length >= 1, 'the bank is reported');
    for (const d of bank) {
      assert.deepStrictEqual([d.offset, d.length], [field, 4], d.message);
      assert.ok(d.message.includes('0xFF0000F8'), d.message); // 0x20 + 0xFF0000D8, the absolute offset
    }
    assert.ok(!file.diagnostics.some((d) => d.offset === bytes.length - 1));
  });

  it('a BCK cut to 42 bytes bound to a model: MDL_JOINT_COUNT (about the joint count at 0x2C, not in the bytes) stays inside them', () => {
    const bytes = readSample('j3d/smg/TripodBossCore/2ndDemo.bck').slice(0, 42);
    const model = realFiles().map((f) => (/\.(bdl|bmd)$/i.test(f.name) ? decodeModel(f.bytes, new DiagnosticSink()).model : undefined)).find((m) => m);
    assert.ok(model);
    const bound = bindModel(decode(bytes, '2ndDemo.bck'), model, 'm.bdl', 'folder').diagnostics;
    const count = bound.find((d) => d.code === 'MDL_JOINT_COUNT');
    assert.ok(count, 'the joint counts differ');
    assert.deepStrictEqual([count.offset, count.length], [42, 0]);
  });

  it('a sink that knows the data length keeps every offset inside it (negative, past the end, not a number)', () => {
    const sink = new DiagnosticSink().within(100);
    sink.error('TRUNCATED', -1, 4, 'a');
    sink.error('TRUNCATED', 250, 4, 'b');
    sink.error('TRUNCATED', NaN, 4, 'c');
    sink.error('TRUNCATED', 100, 0, 'd');
    assert.deepStrictEqual(sink.finish().map((d) => [d.offset, d.length]), [[0, 0], [100, 0], [0, 0], [100, 0]]);
  });

  it('validate keeps one offset column width even for an offset no file can have', () => {
    const line = (offset: number): string => diagnosticLine('f', { severity: 'error', code: 'X', offset, length: 0, message: 'm' });
    for (const o of [-1, 0x1FF0000D8, NaN]) assert.strictEqual(line(o).split(' ')[1].length, '0x00000000'.length, line(o));
  });

  it('every real file and hostile reproducer: decode, model decode and binding keep their offsets inside the file', () => {
    const found: string[] = [];
    const files = [...realFiles(), ...listHostile().map((name) => ({ path: `hostile/${name}`, name, bytes: readHostile(name) }))];
    const firstModel = files.find((f) => /\.(bdl|bmd)$/i.test(f.name));
    const model = firstModel && decodeModel(firstModel.bytes, new DiagnosticSink()).model;
    assert.ok(model);
    for (const f of files) {
      if (f.bytes.length > 4 * 1024 * 1024) continue;
      const file = decode(f.bytes, f.name);
      for (const o of outside(file.diagnostics, file.bytes.length)) found.push(`${f.path}: ${o}`);
      if (file.anim && /\.(bck|bca|btk|brk|bpk|btp|bva)$/i.test(f.name)) {
        for (const o of outside(bindModel(file, model, 'm.bdl', 'folder').diagnostics, file.bytes.length)) found.push(`${f.path} bound: ${o}`);
      }
    }
    assert.ok(files.length > 50);
    assert.deepStrictEqual(found, []);
  });
});
