/** Dev: screenshots of the harness for a BCK joint, a BTK entry, a BRK entry and a MOTN sequence, light and dark. */
import * as fs from 'fs';
import * as path from 'path';
import { ARTIFACTS, startHarness } from './support';

export const SHOTS = [
  { name: 'bck-joint', file: 'j3d/smg/TripodBossCore/2ndDemo.bck', group: 'joint:1' },
  { name: 'btk-entry', file: 'j3d/smg/TripodBossCore/Wait.btk', group: 'entry:0' },
  { name: 'brk-entry', file: 'j3d/smg/TripodBossCore/Wait.brk', group: 'register:0' },
  { name: 'motn-sequence', file: 'motn/motion.bin', group: 'sequence:764' },
];

export async function takeScreenshots(): Promise<string[]> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const h = await startHarness();
  const out: string[] = [];
  try {
    for (const theme of ['light', 'dark'] as const) {
      for (const s of SHOTS) {
        const page = await h.open(s.file, { group: s.group, theme });
        await page.evaluate('window.harness.panel.setFrame(window.harness.panel.player.animationDuration * 0.37)');
        await page.evaluate('new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))');
        const file = path.join(ARTIFACTS, `${s.name}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        out.push(file);
        await page.close();
      }
    }
  } finally {
    await h.close();
  }
  return out;
}

if (require.main === module) {
  takeScreenshots().then((files) => console.log(files.join('\n')), (e) => {
    console.error(e);
    process.exit(1);
  });
}
