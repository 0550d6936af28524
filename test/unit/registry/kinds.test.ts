import { strict as assert } from 'assert';
import { detectEntry } from '../../../src/formats/archive/archive';
import { realFiles } from '../helpers';

describe('every file of the shared archives is listed by what it is', () => {
  it('animations by kind, models as models, BCSV/KCL/PA/CANM/BANMT/BAS by name: nothing is "unknown"', () => {
    const inArchives = realFiles().filter((f) => f.path.startsWith('archives/'));
    assert.ok(inArchives.length >= 139, `${inArchives.length} files`);
    const byExtension = new Map<string, Set<string>>();
    for (const f of inArchives) {
      const ext = f.name.split('.').pop()!.toLowerCase();
      const { format } = detectEntry(f.bytes, f.name);
      if (!byExtension.has(ext)) byExtension.set(ext, new Set());
      byExtension.get(ext)!.add(format);
    }
    const seen = Object.fromEntries([...byExtension].map(([ext, formats]) => [ext, [...formats].join('|')]));
    assert.deepStrictEqual(seen, {
      bck: 'bck', btk: 'btk', brk: 'brk', btp: 'btp', bva: 'bva', bpk: 'bpk', bdl: 'model',
      bcsv: 'bcsv', banmt: 'banmt', canm: 'canm', kcl: 'kcl', pa: 'pa', bas: 'bas',
    });
  });
});
