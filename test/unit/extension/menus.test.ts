/**
 * package.json's menus as a user meets them (issue 26 item 8): AnimScope's Explorer entries side
 * by side, not split by VS Code's "Open With…"; "Export Sampled Curves" not offered on a model;
 * each archive command's file dialog titled after the command.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { BROWSE_DIALOG, OVERVIEW_DIALOG } from '../../../src/extension/archive/dialogs';
import { PROJECT_ROOT } from '../helpers';

type MenuItem = { command: string; when?: string; group?: string };
const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
const menus: Record<string, MenuItem[]> = pkg.contributes.menus;

/**
 * VS Code's own items of the Explorer context menu's `navigation` group, by order (code-server
 * 4.100.3's workbench.js, `appendMenuItem(MenuId.ExplorerContext, …)`): 6 the compare/new items of
 * that build, 10 "Open to the Side", 20 "Open With…".
 */
const BUILT_IN_NAVIGATION_ORDERS = [6, 10, 20];

const split = (group = ''): [string, number] => {
  const [name, order] = group.split('@');
  return [name, Number(order ?? 0)];
};

describe('package.json menus', () => {
  it('the Explorer context menu: AnimScope\'s entries (two on archives, one on models) in one group, next to each other, no VS Code entry between them', () => {
    const ours = menus['explorer/context'].filter((m) => m.command.startsWith('animscope.'));
    assert.deepEqual(ours.map((m) => m.command), ['animscope.browseArchive', 'animscope.archives.openOverview', 'animscope.importGltf']);
    const groups = ours.map((m) => split(m.group));
    assert.equal(new Set(groups.map(([g]) => g)).size, 1, 'one group');
    const orders = groups.map(([, o]) => o);
    const [lo, hi] = [Math.min(...orders), Math.max(...orders)];
    assert.equal(hi - lo, ours.length - 1, 'consecutive orders');
    if (groups[0][0] === 'navigation') {
      for (const o of BUILT_IN_NAVIGATION_ORDERS) assert.ok(o < lo || o > hi, `VS Code's navigation item @${o} would sit between or tie with ${lo}…${hi}`);
    }
  });

  it('"Export Sampled Curves" is offered for animations, not for models (editor title and command palette)', () => {
    const items = [...menus['editor/title'], ...menus.commandPalette].filter((m) => m.command === 'animscope.exportCurves');
    assert.equal(items.length, 2);
    for (const item of items) {
      const when = item.when ?? '';
      // `&&` binds tighter than `||` in when clauses: the editor test must be parenthesised.
      assert.match(when, /^\(activeCustomEditorId == animscope\.animation \|\| activeCustomEditorId == animscope\.animation\.anyFile\) && !\(resourceFilename =~ \/(.+)\/i\)$/, when);
      const regex = new RegExp(/=~ \/(.+)\/i\)$/.exec(when)![1], 'i');
      for (const model of ['Kuribo.bdl', 'mariotree1.bmd', 'Kuribo.BDL.szs', 'x.bmd.yaz0']) assert.ok(regex.test(model), model);
      for (const anim of ['Walk.bck', 'Wait.btk', 'motion.bin', 'Kuribo.bdl.bck', 'bdl.bck.szs']) assert.ok(!regex.test(anim), anim);
    }
    // Every other editor command stays offered on models.
    const exportJson = menus['editor/title'].find((m) => m.command === 'animscope.exportJson');
    assert.doesNotMatch(exportJson?.when ?? '', /resourceFilename/);
  });

  it('each archive command\'s file dialog is titled after the command', () => {
    const title = (command: string): string => pkg.contributes.commands.find((c: { command: string }) => c.command === command).title;
    assert.equal(BROWSE_DIALOG.title, title('animscope.browseArchive'));
    assert.equal(OVERVIEW_DIALOG.title, title('animscope.archives.openOverview'));
  });
});
