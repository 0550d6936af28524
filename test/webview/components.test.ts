/**
 * Webview components in headless Chromium: StructureView, HexView, HoverCard, LinkController,
 * mounted by the harness (test/webview/harness.ts) on real samples and a synthetic BTK.
 *   npx tsc -p . && npx mocha --no-config --timeout 60000 out/test/webview/*.test.js
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { writeBtk } from '../fixtures/j3d-writer';
import { assignPaths, type FieldNode } from '../../src/formats/binary/fields';
import { decode } from '../../src/formats/index';
import { SAMPLES_DIR } from './build';
import { HarnessSession, Page, startHarness } from './browser';

const BCK = 'j3d/smg/TripodBossCore/2ndDemo.bck';
const MOTN = 'motn/motion.bin';
/* eslint-disable @typescript-eslint/no-explicit-any */
type W = any;

async function load(page: Page, sample: string): Promise<W> {
  return page.evaluate((s) => (window as W).harness.load(`samples/${s}`, s.split('/').pop()), sample);
}

/** Centre of byte `offset` in the hex view (scrolled into view first). */
async function bytePoint(page: Page, offset: number): Promise<{ x: number; y: number }> {
  return page.evaluate((o) => {
    const hex = (window as W).harness.hex;
    hex.revealRange(o, 1);
    const run = hex.byteElement(o) as HTMLElement;
    const start = hex.runStart.get(run) as number;
    const count = hex.runLength.get(run) as number;
    const r = run.getBoundingClientRect();
    const inner = run.classList.contains('gap') ? (r.width * 3 * count) / (3 * count + 1) : r.width;
    const col = o % 16 - start;
    return { x: r.left + (inner * (col + 0.5)) / count, y: r.top + r.height / 2 };
  }, offset);
}


interface ShownRow { label: string; level: string | null; top: number; bottom: number; displayed: boolean }

/**
 * Every structure row element in the DOM with where it is painted (relative to the body viewport's top,
 * which is also the content's top when scrolled to 0), and whether it is displayed at all.
 */
async function rowsInDom(page: Page): Promise<{ rows: ShownRow[]; viewportHeight: number }> {
  return page.evaluate(() => {
    const viewport = document.querySelector('.structure-body') as HTMLElement;
    const top = viewport.getBoundingClientRect().top;
    const rows = [...viewport.querySelectorAll('.structure-row')].map((r) => {
      const b = r.getBoundingClientRect();
      return {
        label: r.querySelector('.label')?.textContent ?? '', level: r.getAttribute('aria-level'),
        top: Math.round(b.top - top), bottom: Math.round(b.bottom - top), displayed: getComputedStyle(r).display !== 'none',
      };
    });
    return { rows, viewportHeight: viewport.clientHeight };
  });
}

/**
 * The tree shows exactly `expected` (labels from the top, scrolled to 0): every row element in the DOM is
 * displayed (no stale row left behind under the new ones), the rows on screen are `expected` in order at
 * 22 px steps, and no two rows overlap.
 */
async function expectRows(page: Page, expected: string[], what: string): Promise<void> {
  await page.evaluate(() => (window as W).harness.structure.list.setScrollTopPx(0));
  const { rows, viewportHeight } = await rowsInDom(page);
  assert.deepStrictEqual(rows.filter((r) => !r.displayed).map((r) => r.label), [], `${what}: row elements kept in the DOM undisplayed`);
  const onScreen = rows.filter((r) => r.bottom > 0 && r.top < viewportHeight).sort((a, b) => a.top - b.top);
  const fits = Math.min(expected.length, Math.floor(viewportHeight / 22));
  assert.deepStrictEqual(onScreen.slice(0, fits).map((r) => r.label), expected.slice(0, fits), `${what}: rows on screen`);
  assert.deepStrictEqual(onScreen.slice(0, fits).map((r) => r.top), expected.slice(0, fits).map((_, i) => i * 22), `${what}: row positions`);
  if (expected.length <= fits) assert.strictEqual(onScreen.length, expected.length, `${what}: ${onScreen.map((r) => r.label).join(', ')}`);
  const sorted = [...rows].sort((a, b) => a.top - b.top);
  for (let i = 1; i < sorted.length; i++) {
    assert.ok(sorted[i].top >= sorted[i - 1].bottom, `${what}: "${sorted[i - 1].label}" and "${sorted[i].label}" overlap at y ${sorted[i].top}`);
  }
}

/**
 * What a filter shows, from the spec of the filter (not from the view's code): explicit fields whose name,
 * string value or display contains the text, under their ancestors, in tree order (array elements are not
 * searched).
 */
function filtered(root: FieldNode, text: string): string[] {
  const q = text.toLowerCase();
  const out: string[] = [];
  const visit = (node: FieldNode): boolean => {
    const own = [node.name, typeof node.value === 'string' ? node.value : '', node.display ?? ''].some((t) => t.toLowerCase().includes(q));
    const at = out.length;
    let below = false;
    for (const c of node.children ?? []) below = visit(c) || below;
    if (own || below) out.splice(at, 0, node.name);
    return own || below;
  };
  for (const c of root.children ?? []) visit(c);
  return out;
}

function decodeSample(sample: string): FieldNode {
  return assignPaths(decode(new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, sample))), path.basename(sample)).root);
}

describe('webview components (headless Chromium)', function () {
  this.timeout(60000);
  let session: HarnessSession;
  let page: Page;
  let errors: string[];

  before(async () => {
    session = await startHarness();
  });
  after(async () => {
    await session?.close();
  });
  beforeEach(async () => {
    ({ page, errors } = await session.open());
  });
  afterEach(async () => {
    await page.close();
    assert.deepStrictEqual(errors, [], 'no page errors or CSP violations');
  });

  it('hovering the row of ANK1/jointTable[1]/rotationY.count shows its real offset', async () => {
    // By hand: ANK1 at 0x20, joint table at chunk + 0x40 = 0x60, joint 1 at 0x60 + 54 = 0x96,
    // rotationY is the 5th 6-byte entry (X{S,R,T}, Y{S,R,T}): 0x96 + 4 × 6 = 0xAE.
    const expected = 0x20 + 0x40 + 54 + 4 * 6;
    assert.strictEqual(expected, 0xae);
    const file = fs.readFileSync(path.join(SAMPLES_DIR, BCK));
    assert.strictEqual(file.readUInt32BE(0x34), 0x40, 'ANK1/jointTableOffset at 0x34 (chunk + 0x14)');
    const count = file.readUInt16BE(expected);

    await load(page, BCK);
    await page.evaluate(() => (window as W).harness.structure.reveal('ANK1/jointTable[1]/rotationY.count', { select: false }));
    const row = page.locator('.structure-row[aria-level="4"]:has(.label:text-is("count"))').first();
    // The revealed row is the focused one.
    const focused = page.locator('.structure-row.focused');
    assert.strictEqual(await focused.locator('.label').textContent(), 'count');
    await focused.hover();
    const card = page.locator('.hover-card');
    await card.waitFor({ state: 'visible' });
    assert.strictEqual(await card.locator('.hc-path').textContent(), 'ANK1/jointTable[1]/rotationY.count');
    assert.strictEqual(await card.locator('.hc-offset').textContent(), '0x000000AE (174)');
    assert.strictEqual(await card.locator('.hc-size').textContent(), '2 bytes (to 0x000000AF)');
    assert.strictEqual(await card.locator('.hc-type').textContent(), 'u16');
    assert.strictEqual(await card.locator('.hc-bytes').textContent(), file.subarray(0xae, 0xb0).toString('hex').toUpperCase().replace(/(..)(?=.)/g, '$1 '));
    assert.strictEqual(await card.locator('.hc-value').textContent(), String(count));
    assert.strictEqual(await focused.locator('.col-offset').textContent(), '0x000000AE');
    assert.strictEqual(await focused.locator('.col-offset').getAttribute('title'), '174 (decimal)');
    void row;
    // The hovered field's bytes are highlighted in the hex view.
    const hovered = await page.evaluate(() => [...document.querySelectorAll('.hex-bytes .hb.h')].map((e) => e.textContent).join(' '));
    assert.strictEqual(hovered, '00 04');
  });

  it('selecting a field highlights exactly its bytes in the hex view', async () => {
    await load(page, BCK);
    await page.evaluate(() => (window as W).harness.structure.reveal('ANK1/rotationBankOffset', { select: false }));
    await page.locator('.structure-row.focused .col-value').click();
    const sel = await page.evaluate(() => {
      const spans = [...document.querySelectorAll('.hex-bytes .hb.f')] as HTMLElement[];
      const hex = (window as W).harness.hex;
      return {
        text: spans.map((e) => e.textContent).join(' '),
        offsets: spans.flatMap((s) => {
          const first = hex.rowOf.get(s.parentElement!.parentElement) * 16 + hex.runStart.get(s);
          return Array.from({ length: hex.runLength.get(s) }, (_, i) => first + i);
        }),
        selected: document.querySelector('.structure-row.selected .label')?.textContent,
        selection: hex.selection,
      };
    });
    assert.strictEqual(sel.selected, 'rotationBankOffset');
    assert.strictEqual(sel.text, '00 00 01 80'); // rotationBankOffset = 0x180 at 0x3C
    assert.deepStrictEqual(sel.offsets, [0x3c, 0x3d, 0x3e, 0x3f]);
    assert.deepStrictEqual(sel.selection, { offset: 0x3c, length: 4 });
  });

  it('clicking a byte in the hex view selects the owning field row', async () => {
    await load(page, BCK);
    const p = await bytePoint(page, 0x2b); // second byte of ANK1/duration (s16 at 0x2A)
    await page.mouse.click(p.x, p.y);
    assert.strictEqual(await page.locator('.structure-row.selected .label').textContent(), 'duration');
    assert.deepStrictEqual(await page.evaluate(() => (window as W).harness.hex.selection), { offset: 0x2b, length: 1 });
    // A byte inside an array element: the element's field is revealed (ancestors expanded).
    const q = await bytePoint(page, 0xaf);
    await page.mouse.click(q.x, q.y);
    const selected = page.locator('.structure-row.selected');
    assert.strictEqual(await selected.locator('.label').textContent(), 'count');
    assert.strictEqual(await selected.locator('.col-offset').textContent(), '0x000000AE');
    assert.strictEqual(await selected.getAttribute('aria-level'), '5');
    // Shift-click extends the byte selection.
    const r = await bytePoint(page, 0xb3);
    await page.keyboard.down('Shift');
    await page.mouse.click(r.x, r.y);
    await page.keyboard.up('Shift');
    assert.deepStrictEqual(await page.evaluate(() => (window as W).harness.hex.selection), { offset: 0xaf, length: 5 });
    // Drag selects a range too.
    const a = await bytePoint(page, 0x60);
    const b = await bytePoint(page, 0x65);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    assert.deepStrictEqual(await page.evaluate(() => (window as W).harness.hex.selection), { offset: 0x60, length: 6 });
    assert.strictEqual(await page.locator('.structure-row.selected .label').textContent(), 'count');
    assert.strictEqual(await page.locator('.structure-row.selected .col-offset').textContent(), '0x00000060');
  });

  it('renders file strings as text (a material named <img src=x onerror=…>)', async () => {
    ({ page, errors } = await session.open({ csp: false }).then((r) => { void page.close(); return r; }));
    const name = '<img src=x onerror=window.__pwned=1>';
    const { bytes } = writeBtk({ entries: [{ name, s: { scale: 1, rotation: 0, translation: 0 } }] });
    await page.evaluate((b) => (window as W).harness.loadBytes(b, 'evil.btk'), Array.from(bytes));
    const node = await page.evaluate(() => (window as W).harness.structure.reveal('TTK1/nameTable/strings[0]', { select: true }));
    assert.strictEqual(node.value, name);
    const value = page.locator('.structure-row.selected .col-value');
    assert.strictEqual(await value.textContent(), JSON.stringify(name));
    await page.locator('.structure-row.selected').hover();
    await page.locator('.hover-card').waitFor({ state: 'visible' });
    assert.strictEqual(await page.locator('.hover-card .hc-value').textContent(), JSON.stringify(name));
    // Type the name into the filter too (matches are rendered from the same strings).
    await page.evaluate((n) => (window as W).harness.structure.setFilter(n), name);
    await page.waitForFunction(() => document.querySelectorAll('.structure-row.match').length > 0);
    // Two painted frames: anything an attribute could have loaded or run would have by now.
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    assert.strictEqual(await page.evaluate(() => document.querySelectorAll('img').length), 0);
    assert.strictEqual(await page.evaluate(() => (window as W).__pwned), undefined);
  });

  it('virtualises: motion.bin keeps far fewer rows in the DOM than the tree and the dump have', async () => {
    const stats = await load(page, MOTN);
    assert.strictEqual(stats.format, 'motn');
    const r = await page.evaluate(() => {
      const h = (window as W).harness;
      h.structure.reveal('sequenceTable[1500].dataOffset');
      h.structure.reveal('names[1000]');
      h.structure.reveal('nameOffsetTable[3]');
      const inDom = () => ({
        tree: document.querySelectorAll('.structure-body .structure-row').length,
        hex: document.querySelectorAll('.hex-body .hex-row').length,
      });
      const afterReveal = inDom();
      // Scrolling through both lists keeps the same handful of rows (pooled, not added).
      h.measureScroll('structure', 40);
      h.measureScroll('hex', 40);
      return { treeRows: h.structure.rowCount, afterReveal, afterScroll: inDom() };
    });
    console.log(`      motion.bin: ${r.treeRows} tree rows, ${r.afterScroll.tree} in the DOM; ${Math.ceil(stats.byteLength / 16)} hex rows, ${r.afterScroll.hex} in the DOM`);
    assert.ok(r.treeRows > 1559 + 1559 + 1559, `tree rows ${r.treeRows}`);
    for (const [when, n] of Object.entries({ afterReveal: r.afterReveal, afterScroll: r.afterScroll })) {
      assert.ok(n.tree > 0 && n.tree < 100, `tree rows in the DOM ${when}: ${n.tree}`);
      assert.ok(n.hex > 0 && n.hex < 100, `hex rows in the DOM ${when}: ${n.hex}`);
    }
  });

  it('filter, collapse and expand leave exactly the expected rows in the DOM and on screen (BCK and motion.bin)', async () => {
    const bck = decodeSample(BCK);
    const ank1 = bck.children!.find((c) => c.name === 'ANK1')!;
    await load(page, BCK);
    await expectRows(page, ['header', 'ANK1'], 'BCK loaded');
    await page.evaluate(() => (window as W).harness.structure.reveal('ANK1/jointTable', { select: false }));
    const open = ['header', 'ANK1', ...ank1.children!.map((c) => c.name)];
    const table = open.indexOf('jointTable');
    await expectRows(page, open, 'BCK, ANK1 expanded');
    // Typed, not set: the debounced filter renders between keystrokes, as for a user.
    await page.locator('.structure-filter').focus();
    await page.keyboard.type('rotation');
    const want = filtered(bck, 'rotation');
    assert.deepStrictEqual(want, ['ANK1', 'rotationFraction', 'rotationCount', 'rotationBankOffset', 'rotationBank']);
    await page.waitForFunction((n) => document.querySelector('.structure-filter-count')?.textContent === `${n} matches`, want.length - 1);
    await expectRows(page, want, 'BCK filtered by "rotation"');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.structure-filter-count')?.textContent === '');
    await expectRows(page, open, 'BCK, filter cleared');
    // Expand jointTable (5 elements [0]…[4]), then collapse ANK1.
    await page.evaluate(() => (window as W).harness.structure.reveal('ANK1/jointTable[0]', { select: false }));
    await expectRows(page, [...open.slice(0, table + 1), '[0]', '[1]', '[2]', '[3]', '[4]', ...open.slice(table + 1)], 'BCK, jointTable expanded');
    await page.evaluate(() => { const s = (window as W).harness.structure; s.focus(); });
    await page.evaluate(() => (window as W).harness.structure.reveal('ANK1', { select: true, focus: true }));
    await page.keyboard.press('ArrowLeft');
    await expectRows(page, ['header', 'ANK1'], 'BCK, ANK1 collapsed');

    const motn = decodeSample(MOTN);
    await load(page, MOTN);
    const top = motn.children!.map((c) => c.name);
    await expectRows(page, top, 'motion.bin loaded');
    await page.locator('.structure-filter').focus();
    await page.keyboard.type('AKI_AKI_BATTLE_KICK_LOW');
    await page.waitForFunction(() => document.querySelector('.structure-filter-count')?.textContent === '2 matches');
    await expectRows(page, ['names', '[787]', 'sequences', '[787]'], 'motion.bin filtered by a sequence name');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.structure-filter-count')?.textContent === '');
    await expectRows(page, top, 'motion.bin, filter cleared');
    const sequences = motn.children!.find((c) => c.name === 'sequences')!;
    const firstSequence = sequences.children![0];
    await page.evaluate((p) => (window as W).harness.structure.reveal(p, { select: true, focus: true }), firstSequence.path);
    const { rows } = await rowsInDom(page);
    assert.ok(rows.some((r) => r.label === firstSequence.name && r.level === '2'), 'sequences expanded');
    await page.keyboard.press('ArrowLeft'); // to the parent row
    await page.keyboard.press('ArrowLeft'); // collapse it
    await expectRows(page, top, 'motion.bin, sequences collapsed');
  });

  it('filter finds a MOTN sequence by name', async () => {
    await load(page, MOTN);
    await page.locator('.structure-filter').focus();
    await page.keyboard.type('AKI_AKI_BATTLE_KICK_LOW');
    await page.waitForFunction(() => document.querySelector('.structure-filter-count')?.textContent === '2 matches');
    const labels = await page.evaluate(() => [...document.querySelectorAll('.structure-row.match')].map((r) => `${r.querySelector('.label')!.textContent}=${r.querySelector('.col-value')!.textContent}`));
    assert.deepStrictEqual(labels.sort(), ['[787]="AKI_AKI_BATTLE_KICK_LOW"', '[787]=AKI_AKI_BATTLE_KICK_LOW'].sort());
    // ArrowDown from the filter focuses the first match; Enter selects it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    assert.strictEqual(await page.locator('.structure-row.selected .label').textContent(), '[787]');
  });

  it('keyboard: arrows move, Right/Left expand/collapse, Enter selects; hex arrows move the caret', async () => {
    await load(page, BCK);
    await page.evaluate(() => (window as W).harness.structure.focus());
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown'); // ANK1
    const focused = page.locator('.structure-row:focus');
    assert.strictEqual(await focused.locator('.label').textContent(), 'ANK1');
    assert.strictEqual(await focused.getAttribute('aria-expanded'), 'false');
    await page.keyboard.press('ArrowRight');
    assert.strictEqual(await page.locator('.structure-row:focus').getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const selected = page.locator('.structure-row[aria-selected="true"]');
    assert.strictEqual(await selected.locator('.label').textContent(), 'size');
    assert.strictEqual(await selected.getAttribute('tabindex'), '0');
    // Keyboard focus shows the hover card too.
    await page.locator('.hover-card').waitFor({ state: 'visible' });
    assert.strictEqual(await page.locator('.hover-card .hc-path').textContent(), 'ANK1/size');
    await page.keyboard.press('End');
    assert.strictEqual(await page.locator('.structure-row:focus .label').textContent(), 'padding@0x1C4');
    await page.keyboard.press('ArrowLeft'); // to the parent
    assert.strictEqual(await page.locator('.structure-row:focus .label').textContent(), 'ANK1');
    await page.keyboard.press('ArrowLeft'); // collapse
    assert.strictEqual(await page.evaluate(() => (window as W).harness.structure.rowCount), 2);

    // Hex: the selection from the tree is at 0x24 (size); Right moves, Shift+Right extends.
    await page.evaluate(() => (window as W).harness.hex.focus());
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    const sel = await page.evaluate(() => (window as W).harness.hex.selection);
    assert.deepStrictEqual(sel, { offset: 0x37, length: 2 }); // caret was at 0x27 (end of size) → 0x37 → 0x38
    assert.strictEqual(await page.locator('.structure-row.selected .label').textContent(), 'jointTableOffset');
    const label = await page.evaluate(() => document.getElementById(document.querySelector('.hex-body')!.getAttribute('aria-activedescendant')!)?.getAttribute('aria-label'));
    assert.match(label ?? '', /^Offset 0x38 \(56\), byte 0x0, 2 bytes selected from 0x37, ANK1\/scaleBankOffset$/);
  });
});
