import * as assert from 'assert';
import * as fs from 'fs';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { fieldsAt, resolvePath, uncoveredRanges } from '../../../src/formats/binary/fields';
import { decompressYaz0 } from '../../../src/formats/archive/yaz0';
import {
  ARCHIVE_CODES, extractEntry, openArchive, parseRarc, rarcNameHash,
} from '../../../src/formats/archive/rarc';
import { decode } from '../../../src/formats/index';
import { buildRarc, encodeYaz0, WriterFolder } from '../../fixtures/archive-writer';
import { readSample, samplePath } from '../helpers';

/**
 * Listings checked by hand against the bytes: the archives were decompressed with a separate
 * throwaway Python script and the node/entry/string tables read with struct.unpack
 * (name, size, data offset relative to the data section).
 */
const EXPECTED: Record<string, { root: string; dataStart: number; files: [string, number, number][] }> = {
  'TripodBoss.arc': {
    root: 'TripodBoss', dataStart: 0x180 + 0x20, files: [
      ['EndDemo.bck', 2208, 0x0], ['EndDemo.canm', 2036, 0x8a0], ['PadAndCameraCtrl.bcsv', 832, 0x10a0],
      ['StartDemo.bck', 7232, 0x13e0], ['StartDemo.canm', 3092, 0x3020], ['TripodBoss.banmt', 128, 0x3c40],
      ['TripodBoss.bdl', 2688, 0x3cc0],
    ],
  },
  'TripodBossCore.arc': {
    root: 'TripodBossCore', dataStart: 0x1c0 + 0x20, files: [
      ['2ndDemo.bck', 480, 0x0], ['2ndDemo.brk', 416, 0x1e0], ['2ndDemo.btk', 288, 0x380],
      ['TripodBossCore.bdl', 375392, 0x4a0], ['TripodBossCore.kcl', 25470, 0x5bf00], ['TripodBossCore.pa', 1536, 0x62280],
      ['Wait.bck', 480, 0x0], ['Wait.brk', 224, 0x62880], ['Wait.btk', 320, 0x62960],
    ],
  },
  'TripodBossFoot.arc': {
    root: 'TripodBossFoot', dataStart: 0x160 + 0x20, files: [
      ['TripodBossFoot.bdl', 63648, 0x0], ['TripodBossFoot.kcl', 41776, 0xf8a0], ['TripodBossFoot.pa', 2144, 0x19be0],
      ['Wait.brk', 288, 0x1a440], ['Warning.brk', 288, 0x1a560],
    ],
  },
};

function codes(sink: DiagnosticSink): string[] {
  return sink.list.map((d) => d.code);
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const bytesOf = (s: string): Uint8Array => new TextEncoder().encode(s);

function sampleTree(): WriterFolder {
  return {
    name: 'Root',
    children: [
      { name: 'a.bck', data: bytesOf('J3D1bck1 first file') },
      { name: 'Sub', children: [{ name: 'b.btk', data: new Uint8Array(100).fill(2) }, { name: 'Deeper', children: [{ name: 'c.brk', data: new Uint8Array(33).fill(3) }] }] },
      { name: 'd.bin', data: new Uint8Array(64).fill(4) },
    ],
  };
}

function allCodesKnown(sink: DiagnosticSink): void {
  const known = new Set(ARCHIVE_CODES.map((c) => c.code).concat(['TRUNCATED', 'TOO_MANY_DIAGNOSTICS']));
  for (const d of sink.list) assert.ok(known.has(d.code), `unlisted code ${d.code}`);
}

describe('RARC: real archives', () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    describe(name, () => {
      const input = readSample(`archives/${name}`);
      const sink = new DiagnosticSink();
      const archive = openArchive(input, sink);

      it('lists exactly the entries of the archive', () => {
        const files = archive.entries.filter((e) => e.kind === 'file');
        assert.deepStrictEqual(
          files.map((e) => [e.path, e.size, e.dataOffset]),
          expected.files.map(([n, size, off]) => [`${expected.root}/${n}`, size, expected.dataStart + off]),
        );
        assert.deepStrictEqual(archive.entries.filter((e) => e.kind === 'folder').map((e) => e.path), [expected.root]);
        files.forEach((e, i) => {
          assert.strictEqual(e.fileId, i);
          assert.strictEqual(e.entryIndex, i);
          assert.strictEqual(e.flags, 0x11);
          assert.strictEqual(e.nameHash, rarcNameHash(bytesOf(e.name)));
        });
        assert.strictEqual(archive.compressedSize, input.length);
      });

      it('has no problems beyond deduplicated data', () => {
        const other = sink.list.filter((d) => d.code !== 'ARC_SHARED_DATA');
        assert.deepStrictEqual(other, []);
        allCodesKnown(sink);
      });

      it('describes every byte in the field tree', () => {
        const root = archive.root;
        assert.deepStrictEqual(root.children!.filter((c) => c.role !== 'padding').map((c) => c.name),
          ['header', 'info', 'nodeTable', 'entryTable', 'stringTable', 'data']);
        assert.deepStrictEqual(uncoveredRanges(root, archive.bytes.length), []);
        const fileSize = resolvePath(root, 'header/fileSize', archive.bytes);
        assert.strictEqual(fileSize?.value, archive.bytes.length);
        assert.strictEqual(fileSize?.offset, 4);
        const last = expected.files[expected.files.length - 1];
        const node = resolvePath(root, `data/${expected.root}/${last[0]}`, archive.bytes);
        assert.strictEqual(node?.offset, expected.dataStart + last[2]);
        assert.strictEqual(node?.size, last[1]);
        const rootName = resolvePath(root, 'nodeTable[0]/nameOffset', archive.bytes);
        assert.strictEqual(rootName?.offset, 0x44);
        assert.deepStrictEqual(fieldsAt(root, 0x44, archive.bytes).map((n) => n.path), ['', 'nodeTable', 'nodeTable[0]', 'nodeTable[0]/nameOffset']);
        const chain = fieldsAt(root, expected.dataStart + last[2] + 1, archive.bytes);
        assert.strictEqual(chain[chain.length - 1].path, `data/${expected.root}/${last[0]}`);
      });

      it('extracts entries byte-identical to the loose samples, decoding the same', () => {
        let compared = 0;
        for (const e of archive.entries) {
          if (!/\.(bck|btk|brk)$/i.test(e.name)) continue;
          const loose = samplePath(`j3d/smg/${e.path}`);
          if (!fs.existsSync(loose)) continue;
          const looseBytes = new Uint8Array(fs.readFileSync(loose));
          const extracted = extractEntry(archive.bytes, e);
          assert.deepStrictEqual(extracted, looseBytes, e.path);
          const a = decode(extracted, e.name);
          const b = decode(looseBytes, e.name);
          assert.deepStrictEqual({ ...a, fileName: '' }, { ...b, fileName: '' }, e.path);
          compared++;
        }
        assert.ok(compared >= 2, `compared ${compared}`);
      });
    });
  }

  it('flags the deduplicated Wait.bck / 2ndDemo.bck of TripodBossCore as shared, not overlapping', () => {
    const sink = new DiagnosticSink();
    openArchive(readSample('archives/TripodBossCore.arc'), sink);
    assert.deepStrictEqual(codes(sink), ['ARC_SHARED_DATA']);
    assert.strictEqual(sink.list[0].severity, 'info');
  });

  it('never throws and stays bounded when the decompressed archive is cut at any offset', () => {
    for (const name of Object.keys(EXPECTED)) {
      const plain = decompressYaz0(readSample(`archives/${name}`), new DiagnosticSink());
      const step = plain.length > 50000 ? 97 : 1;
      for (let cut = 0; cut < plain.length; cut += cut < 0x400 ? 1 : step) {
        const sink = new DiagnosticSink();
        const a = parseRarc(plain.subarray(0, cut), sink);
        assert.ok(sink.list.length > 0, `${name} cut ${cut}`);
        assert.ok(a.entries.length <= EXPECTED[name].files.length + 1);
        for (const e of a.entries) assert.ok(extractEntry(plain.subarray(0, cut), e).length <= cut);
        allCodesKnown(sink);
      }
    }
  });
});

describe('RARC: synthetic archives', () => {
  it('lists nested folders depth first with full paths', () => {
    const { bytes } = buildRarc(sampleTree());
    const sink = new DiagnosticSink();
    const a = parseRarc(bytes, sink);
    assert.deepStrictEqual(sink.list, []);
    assert.deepStrictEqual(a.entries.map((e) => `${e.kind} ${e.path}`), [
      'folder Root', 'file Root/a.bck', 'folder Root/Sub', 'file Root/Sub/b.btk', 'folder Root/Sub/Deeper',
      'file Root/Sub/Deeper/c.brk', 'file Root/d.bin',
    ]);
    const c = a.entries.find((e) => e.name === 'c.brk')!;
    assert.deepStrictEqual(extractEntry(bytes, c), new Uint8Array(33).fill(3));
    assert.strictEqual(a.entries[a.entries[5].parent].path, 'Root/Sub/Deeper');
    assert.deepStrictEqual(uncoveredRanges(a.root, bytes.length), []);
  });

  it('opens through Yaz0 transparently', () => {
    const { bytes } = buildRarc(sampleTree());
    const sink = new DiagnosticSink();
    const a = openArchive(encodeYaz0(bytes), sink);
    assert.deepStrictEqual(sink.list, []);
    assert.deepStrictEqual(a.bytes, bytes);
    assert.strictEqual(a.entries.length, 7);
  });

  it('reports a non-RARC input', () => {
    const sink = new DiagnosticSink();
    const a = parseRarc(bytesOf('J3D1bck1xxxxxxxx'), sink);
    assert.deepStrictEqual(codes(sink), ['ARC_MAGIC']);
    assert.deepStrictEqual(a.entries, []);
    const empty = new DiagnosticSink();
    parseRarc(new Uint8Array(0), empty);
    assert.deepStrictEqual(codes(empty), ['ARC_MAGIC']);
  });

  it('does not follow cyclic folder references', () => {
    const { bytes, layout } = buildRarc(sampleTree());
    // Root/Sub/Deeper → node 0 (the root), and Root/Sub → itself via a real-named entry.
    const deeper = layout.entries.find((e) => e.path === 'Root/Sub/Deeper')!;
    new DataView(bytes.buffer).setUint32(deeper.record + 8, 0);
    const sink = new DiagnosticSink();
    const a = parseRarc(bytes, sink);
    assert.ok(codes(sink).includes('ARC_NODE_CYCLE'));
    assert.ok(codes(sink).includes('ARC_UNREACHABLE_NODE'));
    assert.ok(a.entries.length <= 7);

    // Root/Sub/Deeper → its parent node (Sub).
    const { bytes: b1, layout: l1 } = buildRarc(sampleTree());
    const deeper1 = l1.entries.find((e) => e.path === 'Root/Sub/Deeper')!;
    new DataView(b1.buffer).setUint32(deeper1.record + 8, l1.nodes.find((n) => n.path === 'Root/Sub')!.index);
    const s1 = new DiagnosticSink();
    parseRarc(b1, s1);
    assert.ok(codes(s1).includes('ARC_NODE_CYCLE'));

    const { bytes: b2, layout: l2 } = buildRarc(sampleTree());
    const subNode = l2.nodes.find((n) => n.path === 'Root/Sub')!;
    // Node Sub lists every entry of the table, the root's included (shared entries).
    new DataView(b2.buffer).setUint16(subNode.record + 10, l2.entries.length);
    new DataView(b2.buffer).setUint32(subNode.record + 12, 0);
    const s2 = new DiagnosticSink();
    const a2 = parseRarc(b2, s2);
    assert.ok(codes(s2).includes('ARC_ENTRY_SHARED'));
    assert.ok(a2.entries.length <= l2.entries.length + 1);
  });

  it('reports entries past the end and huge sizes, and clamps extraction', () => {
    const { bytes, layout } = buildRarc(sampleTree());
    const d = layout.entries.find((e) => e.name === 'd.bin')!;
    new DataView(bytes.buffer).setUint32(d.record + 12, 0xfffffff0);
    const a = layout.entries.find((e) => e.name === 'a.bck')!;
    new DataView(bytes.buffer).setUint32(a.record + 8, 0x7fffffff);
    const sink = new DiagnosticSink();
    const parsed = parseRarc(bytes, sink);
    assert.strictEqual(codes(sink).filter((c) => c === 'ARC_ENTRY_PAST_END').length, 2);
    const dEntry = parsed.entries.find((e) => e.name === 'd.bin')!;
    assert.strictEqual(dEntry.size, 0xfffffff0);
    assert.strictEqual(extractEntry(bytes, dEntry).length, bytes.length - dEntry.dataOffset);
    assert.strictEqual(extractEntry(bytes, parsed.entries.find((e) => e.name === 'a.bck')!).length, 0);
  });

  it('cuts huge node/entry counts and bad table offsets', () => {
    const { bytes } = buildRarc(sampleTree());
    const v = new DataView(bytes.buffer);
    v.setUint32(0x20, 0xffffffff);
    v.setUint32(0x28, 0xffffffff);
    v.setUint32(0x30, 0xffffffff);
    const sink = new DiagnosticSink();
    const a = parseRarc(bytes, sink);
    // Counts cut to what the bytes can hold (no 2^32 loop): entries are 20-byte records within the file.
    assert.ok(a.entries.length <= bytes.length / 20, `${a.entries.length} entries from ${bytes.length} bytes`);
    assert.ok(codes(sink).includes('ARC_HUGE_COUNT'));
    assert.ok(codes(sink).includes('ARC_BAD_OFFSET'));
    assert.ok(a.entries.length > 0);

    const { bytes: b2 } = buildRarc(sampleTree());
    const v2 = new DataView(b2.buffer);
    v2.setUint32(0x24, 0x7ffffff0);
    v2.setUint32(0x2c, 0xffffffe0);
    v2.setUint32(0x34, 0x10000000);
    v2.setUint32(0x0c, 0x10000000);
    const s2 = new DiagnosticSink();
    const a2 = parseRarc(b2, s2);
    assert.ok(codes(s2).filter((c) => c === 'ARC_BAD_OFFSET').length >= 3, codes(s2).join());
    assert.deepStrictEqual(a2.entries, []);
  });

  it('cuts node entry ranges outside the entry table', () => {
    const { bytes, layout } = buildRarc(sampleTree());
    const v = new DataView(bytes.buffer);
    v.setUint16(layout.nodes[2].record + 10, 0xffff);
    const sink = new DiagnosticSink();
    parseRarc(bytes, sink);
    assert.ok(codes(sink).includes('ARC_ENTRY_RANGE'));
    const { bytes: b2, layout: l2 } = buildRarc(sampleTree());
    new DataView(b2.buffer).setUint32(l2.nodes[1].record + 12, 0xfffffff0);
    const s2 = new DiagnosticSink();
    parseRarc(b2, s2);
    assert.ok(codes(s2).includes('ARC_ENTRY_RANGE'));
  });

  it('notices a node whose first entry index is off by one, and the entry no node lists', () => {
    const clean = new DiagnosticSink();
    parseRarc(buildRarc(sampleTree()).bytes, clean);
    assert.deepStrictEqual(codes(clean).filter((c) => c === 'ARC_NODE_RANGE' || c === 'ARC_UNLISTED_ENTRY'), []);

    // Node Root/Sub/Deeper lists c.brk, `.`, `..`. Starting one entry earlier, it lists the entry
    // before c.brk (another node's) and stops before its own `..`, which no node lists any more.
    const { bytes, layout } = buildRarc(sampleTree());
    const deeper = layout.nodes.find((n) => n.path === 'Root/Sub/Deeper')!;
    const v = new DataView(bytes.buffer);
    const first = v.getUint32(deeper.record + 12);
    const ownEntries = layout.entries.filter((e) => e.index >= first && e.index < first + v.getUint16(deeper.record + 10));
    assert.deepStrictEqual(ownEntries.map((e) => e.name), ['c.brk', '.', '..']);
    v.setUint32(deeper.record + 12, first - 1);
    const sink = new DiagnosticSink();
    const parsed = parseRarc(bytes, sink);
    const range = sink.list.filter((d) => d.code === 'ARC_NODE_RANGE');
    assert.strictEqual(range.length, 1, JSON.stringify(sink.list));
    assert.strictEqual(range[0].severity, 'warning');
    assert.strictEqual(range[0].offset, deeper.record + 10);
    assert.match(range[0].message, /Node \d+ \("Deeper"\) .* without its `\.\.`/);
    const unlisted = sink.list.filter((d) => d.code === 'ARC_UNLISTED_ENTRY');
    assert.strictEqual(unlisted.length, 1);
    const dotDot = ownEntries[2];
    assert.strictEqual(unlisted[0].offset, dotDot.record, 'the `..` no node lists any more');
    // Still read as far as it goes: c.brk is listed, under Deeper.
    assert.ok(parsed.entries.some((e) => e.path === 'Root/Sub/Deeper/c.brk'));
  });

  it('reports folder entries pointing to missing nodes', () => {
    const { bytes, layout } = buildRarc(sampleTree());
    const sub = layout.entries.find((e) => e.path === 'Root/Sub' && !['.', '..'].includes(e.name))!;
    new DataView(bytes.buffer).setUint32(sub.record + 8, 999);
    const sink = new DiagnosticSink();
    parseRarc(bytes, sink);
    assert.ok(codes(sink).includes('ARC_BAD_NODE'));
  });

  it('reports bad name offsets, wrong hashes, unterminated names', () => {
    const { bytes, layout } = buildRarc(sampleTree());
    const v = new DataView(bytes.buffer);
    const a = layout.entries.find((e) => e.name === 'a.bck')!;
    v.setUint16(a.record + 6, 0xfff0);
    const d = layout.entries.find((e) => e.name === 'd.bin')!;
    v.setUint16(d.record + 2, 0x1234);
    v.setUint32(layout.nodes[0].record + 4, 0x7fffffff);
    const sink = new DiagnosticSink();
    const parsed = parseRarc(bytes, sink);
    assert.ok(codes(sink).includes('ARC_NAME_OFFSET'));
    const hash = sink.list.find((x) => x.code === 'ARC_NAME_HASH')!;
    assert.strictEqual(hash.severity, 'warning');
    assert.strictEqual(hash.offset, d.record + 2);
    assert.ok(parsed.entries.some((e) => e.name === 'd.bin'));

    const { bytes: b2 } = buildRarc(sampleTree());
    const v2 = new DataView(b2.buffer);
    v2.setUint32(0x30, 3); // string table cut inside the names: '.\0..' then no NUL
    const s2 = new DiagnosticSink();
    parseRarc(b2, s2);
    assert.ok(codes(s2).includes('ARC_NAME_UNTERMINATED') || codes(s2).includes('ARC_NAME_OFFSET'));
  });

  it('flags hostile names and duplicates, keeping the names as data', () => {
    const tree: WriterFolder = {
      name: 'Root', children: [
        { name: '../evil.bck', data: new Uint8Array(4) },
        { name: 'a\\b.btk', data: new Uint8Array(4) },
        { name: 'bell\u0007.brk', data: new Uint8Array(4) },
        { name: 'x/y', data: new Uint8Array(4) },
        { name: 'Same.bck', data: new Uint8Array(4) },
        { name: 'same.BCK', data: new Uint8Array(4) },
      ],
    };
    const { bytes } = buildRarc(tree);
    const sink = new DiagnosticSink();
    const a = parseRarc(bytes, sink);
    assert.strictEqual(codes(sink).filter((c) => c === 'ARC_SUSPICIOUS_NAME').length, 4);
    assert.strictEqual(codes(sink).filter((c) => c === 'ARC_DUPLICATE_NAME').length, 1);
    assert.deepStrictEqual(a.entries.filter((e) => e.suspicious).map((e) => e.name), ['../evil.bck', 'a\\b.btk', 'bell\u0007.brk', 'x/y']);
  });

  it('reports overlapping data and notes identical shared data', () => {
    const { bytes, layout } = buildRarc(sampleTree());
    const d = layout.entries.find((e) => e.name === 'd.bin')!;
    const a = layout.entries.find((e) => e.name === 'a.bck')!;
    new DataView(bytes.buffer).setUint32(d.record + 8, a.dataOffset - layout.dataStart + 4);
    const sink = new DiagnosticSink();
    parseRarc(bytes, sink);
    assert.deepStrictEqual(codes(sink), ['ARC_DATA_OVERLAP']);

    const shared = buildRarc({ name: 'R', children: [{ name: 'a', data: new Uint8Array(8).fill(1) }, { name: 'b', data: new Uint8Array(8).fill(1) }] }, { shareIdentical: true });
    const s2 = new DiagnosticSink();
    parseRarc(shared.bytes, s2);
    assert.deepStrictEqual(codes(s2), ['ARC_SHARED_DATA']);
  });

  it('survives random corruption of tables (never throws, bounded output)', function () {
    const r = rng(1234);
    const base = buildRarc(sampleTree());
    const real = decompressYaz0(readSample('archives/TripodBoss.arc'), new DiagnosticSink());
    for (let round = 0; round < 3000; round++) {
      const src = round % 2 === 0 ? base.bytes : real;
      const tableEnd = round % 2 === 0 ? base.layout.dataStart : 0x180 + 0x20;
      const bytes = src.slice();
      const flips = 1 + Math.floor(r() * 8);
      for (let k = 0; k < flips; k++) bytes[Math.floor(r() * tableEnd)] = r() < 0.5 ? 0xff : Math.floor(r() * 256);
      const sink = new DiagnosticSink();
      const a = parseRarc(bytes, sink);
      assert.ok(a.entries.length <= bytes.length / 20 + 1);
      for (const e of a.entries) extractEntry(bytes, e);
      allCodesKnown(sink);
    }
  });

  it('every code has a unique name and a summary', () => {
    const names = ARCHIVE_CODES.map((c) => c.code);
    assert.strictEqual(new Set(names).size, names.length);
    for (const c of ARCHIVE_CODES) assert.ok(c.summary.length > 10 && /^(YAZ0|ARC)_[A-Z_]+$/.test(c.code));
  });
});

