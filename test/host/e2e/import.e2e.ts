/**
 * Playwright through the real workbench, the glTF import as a user runs it: Kuribo.bdl open,
 * "AnimScope: Import Animation from glTF…" from the palette, the glTF typed into VS Code's file
 * dialog, the animations' picker accepted, and the preview: Walk.bck imported from a glTF whose
 * "Walk" is Blow.bck's motion, playing as it opens on a copy of the model (its model view drawn),
 * with the Walk.bck beside the model drawn pale under its curves, the Write / Cancel question
 * beside it. Screenshots in the light,
 * dark and high-contrast themes (test-artifacts/host/import-preview-*.png); Cancel leaves the
 * folder as it was.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { resolveInArchive } from '../../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { closeAll, fail, L, sleep } from './editor-ui.e2e';
import { ARTIFACTS_DIR, DARK, E2ETest, HIGH_CONTRAST, LIGHT, openInCustomEditor, PROJECT_ROOT, runCommand, SAMPLES_DIR, setTheme, webviewContent } from '../workbench';

/* eslint-disable @typescript-eslint/no-explicit-any */
type W = any;

const kuribo = (inner: string): Uint8Array => {
  const bytes = resolveInArchive(new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, 'archives', 'Kuribo.arc'))), inner, new DiagnosticSink());
  if (!bytes) throw new Error(`${inner} is not in Kuribo.arc`);
  return bytes;
};

export const tests: E2ETest[] = [
  {
    name: 'Import Animation from glTF…: the file dialog, the picker, the preview with the replaced file\'s curves pale under the imported ones (light, dark, high contrast); Cancel writes nothing',
    async run(ctx) {
      const dir = path.join(ctx.folder, 'import');
      const write = (rel: string, bytes: Uint8Array): void => {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), bytes);
      };
      write('Kuribo/Kuribo.bdl', kuribo('Kuribo/Kuribo.bdl'));
      write('Kuribo/Walk.bck', kuribo('Kuribo/Walk.bck'));
      // another motion under the name Walk: the preview has something to compare
      write('from/Kuribo.bdl', kuribo('Kuribo/Kuribo.bdl'));
      write('from/Walk.bck', kuribo('Kuribo/Blow.bck'));
      execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'bin/animscope.js'), 'gltf', 'from/Kuribo.bdl', 'from/Walk.bck', '-o', 'Walk.glb'], { cwd: dir, stdio: 'ignore' });
      const before = fs.readdirSync(path.join(dir, 'Kuribo')).sort();
      const walk = fs.readFileSync(path.join(dir, 'Kuribo/Walk.bck'));

      const page = ctx.page as typeof ctx.page & { setViewportSize(size: { width: number; height: number }): Promise<void> };
      await closeAll(ctx);
      await page.setViewportSize({ width: 1400, height: 900 });
      await runCommand(page, 'View: Close Primary Side Bar').catch(() => undefined);
      await openInCustomEditor(page, 'import/Kuribo/Kuribo.bdl', { log: ctx.log });
      await runCommand(page, 'AnimScope: Import Animation from glTF…');
      // VS Code's own file dialog (a quick input holding a path): the glTF's path, then Enter
      const input = page.locator('.quick-input-widget input.input');
      await input.waitFor({ state: 'visible', timeout: 15000 });
      // the dialog writes the folder into the input once it has read it: type over it after that
      const glb = path.join(dir, 'Walk.glb');
      for (let attempt = 0; ; attempt++) {
        await sleep(700);
        await input.fill(glb);
        await sleep(300);
        if (await L(input).inputValue() === glb) break;
        if (attempt === 10) fail('the file dialog kept replacing the typed path');
      }
      await page.keyboard.press('Enter');
      // the animations, all ticked: OK
      await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Walk' }).first().waitFor({ timeout: 15000 });
      await sleep(300);
      await L(page.locator('.quick-input-widget .monaco-button:visible', { hasText: 'OK' }).first()).click({ timeout: 5000 })
        .catch(() => L(input).press('Enter'));

      // the preview: Walk.bck from the temporary folder, over the Walk.bck beside the model
      const question = page.locator('.notifications-toasts .notification-toast', { hasText: 'Write Walk.bck beside the model?' });
      await question.waitFor({ timeout: 60000 });
      const wv = webviewContent(page);
      await wv.locator('h1.as-title', { hasText: 'Walk.bck' }).waitFor({ timeout: 30000 });
      const note = L(wv.locator('.as-curves-reference'));
      await note.waitFor({ timeout: 15000 });
      const text = (await note.textContent())?.trim() ?? '';
      if (!/^Pale: Walk\.bck beside the model \((\d+) of \1 tracks\)$/.test(text)) fail(`the curve header says "${text}"`);
      const tracks = await L(wv.locator('body')).evaluate(() => (window as W).animscopeApp.panel('curves').deck.curves.referenceCount);
      if (!(tracks > 0)) fail(`no reference curves under the imported ones (${tracks})`);
      ctx.log(`import preview: ${text}`);
      const drawn = await L(wv.locator('.as-modelpanel canvas.as-model-canvas')).evaluate(() => {
        const p = (window as W).animscopeApp.panel('model').view.readPixels();
        const d = p.data as Uint8Array;
        let inked = 0;
        for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 6) inked++;
        return { inked, total: d.length / 4, w: p.width, h: p.height };
      });
      ctx.log(`model view of the preview: ${JSON.stringify(drawn)}`);
      if (drawn.inked < drawn.total * 0.05) fail(`the preview's model view looks empty: ${JSON.stringify(drawn)}`);
      const playing = await L(wv.locator('body')).evaluate(() => (window as W).animscopeApp.panel('curves').deck.player.playing);
      if (playing !== true) fail('the preview does not play as it opens');
      for (const [theme, name] of [[LIGHT, 'light'], [DARK, 'dark'], [HIGH_CONTRAST, 'hc']] as const) {
        await setTheme(page, theme);
        await (page as unknown as { mouse: { move(x: number, y: number): Promise<void> } }).mouse.move(900, 17);
        await sleep(1500);
        const file = path.join(ARTIFACTS_DIR, `import-preview-${name}.png`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        await L(page.locator('.monaco-workbench')).screenshot({ path: file });
        ctx.log(`screenshot ${file}`);
      }
      await setTheme(page, LIGHT);
      // Headless Chromium leaves stale white tiles in the WebGL view where the question's toast
      // overlaps the webview (the view's own readPixels above is whole): one more picture without it
      await L(page.locator('.notifications-toasts')).evaluate((e: HTMLElement) => { e.style.visibility = 'hidden'; });
      await sleep(1500);
      await L(page.locator('.monaco-workbench')).screenshot({ path: path.join(ARTIFACTS_DIR, 'import-preview-light-no-toast.png') });
      await L(page.locator('.notifications-toasts')).evaluate((e: HTMLElement) => { e.style.visibility = ''; });

      // the toast may have gone to the notification centre meanwhile: answer there then
      if (!await question.isVisible()) await runCommand(page, 'Notifications: Show Notifications');
      const cancel = page.locator('.notification-list-item', { hasText: 'Write Walk.bck beside the model?' }).locator('.monaco-button', { hasText: 'Cancel' }).first();
      await L(cancel).click();
      await page.locator('.notification-list-item', { hasText: 'Write Walk.bck beside the model?' }).first().waitFor({ state: 'hidden', timeout: 15000 });
      await sleep(500);
      const after = fs.readdirSync(path.join(dir, 'Kuribo')).sort();
      if (after.join() !== before.join()) fail(`Cancel changed the model's folder: ${before} → ${after}`);
      if (!fs.readFileSync(path.join(dir, 'Kuribo/Walk.bck')).equals(walk)) fail('Cancel changed Walk.bck');
      await runCommand(page, 'View: Toggle Primary Side Bar Visibility').catch(() => undefined);
      await page.setViewportSize({ width: 1280, height: 800 });
      await closeAll(ctx);
      // the later tests' screenshots show the Explorer: the workspace as they expect it
      fs.rmSync(dir, { recursive: true, force: true });
      await sleep(1000);
    },
  },
];
