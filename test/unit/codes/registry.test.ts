import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ALL_CODES } from '../../../src/kinds/codes';
import { PROJECT_ROOT } from '../helpers';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

describe('diagnostic code registry', () => {
  const registered = new Map(ALL_CODES.map((c) => [c.code, c]));

  it('has each code once, with a summary', () => {
    assert.equal(registered.size, ALL_CODES.length, 'duplicate codes');
    for (const c of ALL_CODES) {
      assert.match(c.code, /^[A-Z][A-Z0-9_]+$/);
      assert.ok(c.summary.length > 10, c.code);
    }
  });

  it('registers every code the decoders emit', () => {
    const emitted = new Set<string>();
    for (const file of sourceFiles(path.join(PROJECT_ROOT, 'src/formats'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\.(?:error|warning|info|hint)\(\s*['"`]([A-Z0-9_]+)['"`]/g)) emitted.add(m[1]);
    }
    assert.ok(emitted.size > 40, `only ${emitted.size} codes found: the scan is broken`);
    const missing = [...emitted].filter((c) => !registered.has(c));
    assert.deepEqual(missing, []);
  });

  it('documents every code in README.md', () => {
    const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    const undocumented = ALL_CODES.filter((c) => !readme.includes('`' + c.code + '`')).map((c) => c.code);
    assert.deepEqual(undocumented, []);
  });
});
