/**
 * The archive overview colours every entry that opens in the AnimScope editor as a link, from the
 * registry (issue 26.6): before, media/archive.css listed BCK, BTK, BRK and MOTN by hand, so BTP,
 * BVA, BPK, BCA and models were clickable but looked like text.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { FORMAT_IDS, MODEL_KIND } from '../../../src/kinds/registry';
import type { ListingRow } from '../../../src/wire/archiveProtocol';
import { rowClass } from '../../../webview/archive/entriesTable';
import { PROJECT_ROOT } from '../../app-page/build';

const row = (kind: ListingRow['kind'], format: ListingRow['format']): ListingRow => ({
  path: `Folder/x.${format}`, name: `x.${format}`, kind, depth: 0, level: 0, size: 1, dataOffset: 0, recordOffset: 0,
  format, compression: 'none', suspicious: false,
});
const classes = (r: ListingRow): string[] => rowClass(r, false).split(' ');

describe('archive view: which entries look like links', () => {
  it('every format of the registry and the model kind opens in the editor: ar-opens-animation', () => {
    for (const id of [...FORMAT_IDS, MODEL_KIND.id]) assert.ok(classes(row('file', id)).includes('ar-opens-animation'), id);
  });

  it('folders, nested archives and unknown files do not', () => {
    for (const r of [row('folder', 'folder'), row('archive', 'archive'), row('file', 'unknown')]) {
      assert.ok(!classes(r).includes('ar-opens-animation'), r.format);
    }
  });

  it('media/archive.css colours the rows by that class and names no format', () => {
    const css = fs.readFileSync(path.join(PROJECT_ROOT, 'media/archive.css'), 'utf8');
    assert.match(css, /\.ar-opens-animation \.ar-name\b[^{]*\{[^}]*--vscode-textLink-foreground/);
    const named = [...FORMAT_IDS, MODEL_KIND.id].filter((id) => new RegExp(`\\.ar-fmt-${id}\\b`).test(css));
    assert.deepStrictEqual(named, []);
  });
});
