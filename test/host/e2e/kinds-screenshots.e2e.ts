/**
 * Screenshots of the kinds beyond BCK/BTK/BRK that the shared samples hold for real — BCA, BPK,
 * BTP and BVA — each opened beside its model (copied out of its archive into a folder of its own
 * with the archive's ActorInfo, so the model binds and the game's rate is recognised as for a
 * modder's extracted files), in the light and the dark theme: test-artifacts/host/{bca,bpk,btp,bva}-{light,dark}.png,
 * checked against docs/screenshots/ (like screenshots.e2e.ts).
 */
import type { E2ETest } from '../workbench';
import { fail, openRendered, scrubTo } from './editor-ui.e2e';
import { shootEach } from './screenshots.e2e';

interface KindShot {
  key: 'bca' | 'bpk' | 'btp' | 'bva';
  /** The animation and its model, relative to the samples folder (through the archive when inside one). */
  anim: string;
  model: string;
  /** Folder in the e2e workspace: unique names, so quick open finds exactly this file. */
  folder: string;
  /** The frame shown (chosen by hand from the file's keys so the picture shows what the kind does). */
  frame: number;
  /** A Galaxy archive's ActorInfo file, copied beside the animation as extracting the archive would. */
  actorInfo?: string;
  /** The rate the player shows (what the product says for these files; the picture must say the same). */
  fps: string;
}

const SHOTS: KindShot[] = [
  // mariotree1_wait.bca: the tree sways (rotation z within ±4°), at its largest near the middle
  { key: 'bca', anim: 'mkdd/objects/mariotree1_wait.bca', model: 'mkdd/objects/mariotree1.bmd', folder: 'shot-mariotree1', frame: 44, fps: '30 fps (default)' },
  // On.bpk: two material colours of the switch
  { key: 'bpk', anim: 'archives/CrystalSwitch.arc/CrystalSwitch/On.bpk', model: 'archives/CrystalSwitch.arc/CrystalSwitch/CrystalSwitch.bdl', folder: 'shot-CrystalSwitch', frame: 0,
    actorInfo: 'archives/CrystalSwitch.arc/CrystalSwitch/actorinfo/InitActor.bcsv', fps: '60 fps (Super Mario Galaxy)' },
  // Blink.btp: texture index 2 (eyes shut) at frames 6–14
  { key: 'btp', anim: 'archives/Kuribo.arc/Kuribo/Blink.btp', model: 'archives/Kuribo.arc/Kuribo/Kuribo.bdl', folder: 'shot-Kuribo', frame: 10,
    actorInfo: 'archives/Kuribo.arc/Kuribo/ActorInfo/InitActor.bcsv', fps: '60 fps (Super Mario Galaxy)' },
  // PowerStarColor.bva: shapes 0 and 1 shown, 2 and 3 hidden at frame 0
  { key: 'bva', anim: 'archives/PowerStar.arc/PowerStar/PowerStarColor.bva', model: 'archives/PowerStar.arc/PowerStar/PowerStar.bdl', folder: 'shot-PowerStar', frame: 0,
    actorInfo: 'archives/PowerStar.arc/PowerStar/actorinfo/InitActor.bcsv', fps: '60 fps (Super Mario Galaxy)' },
];

const base = (p: string): string => p.slice(p.lastIndexOf('/') + 1);

export const tests: E2ETest[] = [
  {
    name: 'screenshots: BCA, BPK, BTP and BVA beside their models, light and dark (1400×900, editor area) agree with docs/screenshots/',
    samples: SHOTS.flatMap((s) => [
      { from: s.anim, as: `${s.folder}/${base(s.anim)}` },
      { from: s.model, as: `${s.folder}/${base(s.model)}` },
      ...(s.actorInfo ? [{ from: s.actorInfo, as: `${s.folder}/ActorInfo/${base(s.actorInfo)}` }] : []),
    ]),
    run: (ctx) => shootEach(ctx, SHOTS, async (shot) => {
      const wv = await openRendered(ctx, base(shot.anim));
      const model = base(shot.model);
      const bound = await wv.locator('.as-bound-name', { hasText: model }).first().waitFor({ timeout: 15000 }).then(() => true, () => false);
      if (!bound) fail(`${base(shot.anim)} should be bound to ${model}, which sits beside it`);
      const fps = (await wv.locator('.as-player-fps').first().textContent())?.trim();
      if (fps !== shot.fps) fail(`${base(shot.anim)}: the player says "${fps}", expected "${shot.fps}"`);
      await scrubTo(wv, shot.frame);
      return wv;
    }),
  },
];
