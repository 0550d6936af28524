/**
 * The 3D model view in headless chromium (SwiftShader WebGL2), on every shared model: it draws,
 * shows its textures, skins like the CPU (src/anim/pose.ts), and follows every kind of PoseState
 * change; broken payloads and lost contexts degrade as documented. Screenshots of each model in
 * the light and dark theme go to test-artifacts/webview-render/.
 */
import * as assert from 'assert';
import * as path from 'path';
import { prng } from '../fixtures/prng';
import {
  ARTIFACTS, BACKGROUND, count, diffCount, foregroundMask, fromGl, fromMask, Harness, MODELS, outsideBy, Page, pixelAt, Pixels, savePng,
  startHarness,
} from './support';

type Theme = 'light' | 'dark';
interface LoadResult {
  drawable: number;
  problems: string[];
  status: string;
  shapes: number;
  materials: string[];
  textures: number;
  typedAfterClone: boolean;
  stats: { programs: number; textures: number; drawCalls: number; shapesDrawn: number };
}

type PageT = Page & { errors: string[] };

const load = (page: PageT, name: string): Promise<LoadResult> => page.evaluate((n) => (window as any).harness.load(n), name as never);
const pixels = async (page: PageT): Promise<Pixels> => fromGl(await page.evaluate(() => (window as any).harness.pixels()));
const pose = (page: PageT, spec: unknown): Promise<void> => page.evaluate((s) => (window as any).harness.pose(s), spec as never);

/** Bounding box of a mask's set pixels. */
function bbox(mask: Uint8Array, w: number, h: number): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    if (!mask[y * w + x]) continue;
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  }
  return { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

describe('3D model view (WebGL2 in headless chromium)', function () {
  this.timeout(240000);
  let harness: Harness;
  const pages: Partial<Record<Theme, PageT>> = {};
  const page = async (theme: Theme = 'dark'): Promise<PageT> => (pages[theme] ??= await harness.open(theme));

  before(async () => {
    harness = await startHarness();
  });
  after(async () => {
    await harness?.close();
  });
  afterEach(async () => {
    for (const p of Object.values(pages)) {
      if (p && p.errors.length) {
        const errors = p.errors.splice(0);
        assert.fail(`page errors: ${errors.join('\n')}`);
      }
    }
  });

  for (const theme of ['dark', 'light'] as const) {
    for (const m of MODELS) {
      it(`${m.name} (${theme}): drawn, framed, with colours from its textures`, async () => {
        const p = await page(theme);
        const r = await load(p, m.name);
        assert.strictEqual(r.status, 'ready');
        assert.deepStrictEqual(r.problems, []);
        assert.ok(r.typedAfterClone, 'typed arrays stay typed through structuredClone');
        assert.strictEqual(r.drawable, r.shapes);
        const shot = await pixels(p);
        savePng(path.join(ARTIFACTS, `${m.name}-${theme}.png`), shot);
        // The whole component (toolbar, canvas, shape list with the ≈ badges, problems) as the page shows it.
        await p.locator('.as-model').screenshot({ path: path.join(ARTIFACTS, `${m.name}-${theme}-view.png`) });
        // Theme background in the corner, the model in the middle.
        assert.deepStrictEqual(pixelAt(shot, 2, shot.height - 3).slice(0, 3), BACKGROUND[theme]);
        const fg = foregroundMask(shot, BACKGROUND[theme]);
        const box = bbox(fg, shot.width, shot.height);
        assert.ok(count(fg) > shot.width * shot.height * 0.02, `${m.name}: only ${count(fg)} pixels drawn`);
        assert.ok(box.x0 > 0 && box.y0 > 0 && box.x1 < shot.width && box.y1 < shot.height, `${m.name} is framed whole: ${JSON.stringify(box)}`);
        assert.ok(box.x1 - box.x0 > shot.width * 0.3 || box.y1 - box.y0 > shot.height * 0.3, `${m.name} fills the view: ${JSON.stringify(box)}`);
        // The same model with every texture turned white: what changes came from the textures.
        await p.evaluate(() => (window as any).harness.showWhiteTextures());
        const white = await pixels(p);
        const changed = diffCount(shot, white, 24);
        // CrystalSwitch: only its small base ring is textured (the crystal is material colour).
        const share = m.name === 'CrystalSwitch.bdl' ? 0.02 : 0.2;
        assert.ok(changed > count(fg) * share, `${m.name}: only ${changed} of ${count(fg)} pixels depend on the textures`);
      });
    }
  }

  it('one program per distinct material configuration (records shared or equal)', async () => {
    const p = await page();
    // PowerStar: Eye and Eye(2) are different records with equal TEV setups.
    assert.strictEqual((await load(p, 'PowerStar.bdl')).stats.programs, 3);
    // TripodBossCore: 5 materials on 4 records; Core_v / Core_v(2) differ only in colours.
    const core = await load(p, 'TripodBossCore.bdl');
    assert.strictEqual(core.materials.length, 5);
    assert.strictEqual(core.stats.programs, 3);
  });

  it('Mogu (envelope skinning): GPU silhouettes agree with CPU-skinned pose.ts within 2 pixels, bind pose and a BCK frame', async () => {
    const p = await page();
    await load(p, 'Mogu.bdl');
    await p.evaluate(() => (window as any).harness.loadAnim('Mogu/Throw.bck'));
    for (const [label, spec] of [['bind', undefined], ['Throw.bck frame 30', { anims: [{ name: 'Mogu/Throw.bck', frame: 30 }] }]] as const) {
      if (spec) await pose(p, spec);
      else await p.evaluate(() => (window as any).harness.bindPose());
      savePng(path.join(ARTIFACTS, `Mogu-${label.replace(/\W+/g, '_')}.png`), await pixels(p));
      const gpu = fromMask(await p.evaluate(() => (window as any).harness.gpuSilhouette()));
      const cpu = fromMask(await p.evaluate(() => (window as any).harness.cpuSilhouette()));
      const n = count(gpu.data);
      assert.ok(n > 20000, `${label}: ${n} pixels`);
      const gpuOut = outsideBy(gpu, cpu.data, 2);
      const cpuOut = outsideBy(cpu, gpu.data, 2);
      assert.ok(gpuOut < n * 0.002 && cpuOut < n * 0.002, `${label}: ${gpuOut} GPU pixels and ${cpuOut} CPU pixels more than 2 px from the other silhouette (of ${n})`);
    }
  });

  it('Kuribo Walk.bck: two frames give two pictures, each matching the CPU pose', async () => {
    const p = await page();
    await load(p, 'Kuribo.bdl');
    await p.evaluate(() => (window as any).harness.loadAnim('Kuribo/Walk.bck'));
    const shots: Pixels[] = [];
    for (const frame of [0, 12]) {
      await pose(p, { anims: [{ name: 'Kuribo/Walk.bck', frame }] });
      const shot = await pixels(p);
      shots.push(shot);
      const gpu = fromMask(await p.evaluate(() => (window as any).harness.gpuSilhouette()));
      const cpu = fromMask(await p.evaluate(() => (window as any).harness.cpuSilhouette()));
      const n = count(gpu.data);
      const gpuOut = outsideBy(gpu, cpu.data, 2), cpuOut = outsideBy(cpu, gpu.data, 2);
      assert.ok(gpuOut < n * 0.002 && cpuOut < n * 0.002, `frame ${frame}: ${gpuOut} GPU / ${cpuOut} CPU pixels off (of ${n})`);
    }
    const changed = diffCount(shots[0], shots[1]);
    assert.ok(changed > 2000, `only ${changed} pixels differ between frames 0 and 12`);
  });

  it('Kuribo texNumbers (BTP target): changing the eye slot changes the face, not the feet', async () => {
    const p = await page();
    await load(p, 'Kuribo.bdl');
    await pose(p, {});
    const closed = await pixels(p); // slot 0 = texture 4 (eyes closed)
    await pose(p, { texNumbers: [[0, 0, 0]] });
    const open = await pixels(p);
    const box = bbox(foregroundMask(closed, BACKGROUND.dark), closed.width, closed.height);
    const h = box.y1 - box.y0;
    const face = { x0: box.x0, x1: box.x1, y0: Math.round(box.y0 + h * 0.3), y1: Math.round(box.y0 + h * 0.6) };
    const feet = { x0: box.x0, x1: box.x1, y0: Math.round(box.y0 + h * 0.82), y1: box.y1 };
    const inFace = diffCount(closed, open, 24, face);
    const inFeet = diffCount(closed, open, 24, feet);
    assert.ok(inFace > 1500, `only ${inFace} face pixels changed`);
    assert.strictEqual(inFeet, 0);
    // Open eyes: white eyeballs and dark pupils in the face band (colours of texture 0 only).
    let white = 0, dark = 0;
    for (let y = face.y0; y < face.y1; y++) for (let x = face.x0; x < face.x1; x++) {
      const [r, g, b] = pixelAt(open, x, y);
      if (r > 225 && g > 225 && b > 225) white++;
      if (r < 50 && g < 50 && b < 50) dark++;
    }
    assert.ok(white > 800 && dark > 100, `eyes: ${white} white, ${dark} dark pixels`);
  });

  it('PowerStar: hiding a shape (BVA target) and the shape checkbox change pixels; texture 1 makes it yellow', async () => {
    const p = await page();
    await load(p, 'PowerStar.bdl');
    await pose(p, {});
    const all = await pixels(p);
    // Shapes 1 and 3 are the eyes, twice at the same place (materials Eye and Eye(2), joints C and E).
    await pose(p, { hide: [1, 3] });
    const noEye = await pixels(p);
    assert.ok(diffCount(all, noEye) > 300, 'hiding the eye shapes changes pixels');
    await pose(p, { hide: [0, 1, 2, 3] });
    assert.strictEqual(count(foregroundMask(await pixels(p), BACKGROUND.dark)), 0, 'every shape hidden: background only');
    await pose(p, {});
    await p.evaluate(() => { (window as any).harness.setShapeVisible(1, false); (window as any).harness.setShapeVisible(3, false); });
    assert.strictEqual(diffCount(noEye, await pixels(p)), 0, 'the checkboxes hide like the animation');
    await p.evaluate(() => { (window as any).harness.setShapeVisible(1, true); (window as any).harness.setShapeVisible(3, true); });
    // Texture 1 (PowerStar.0, yellow) in FooMat's slot 0, as the game's colour BTP does.
    await pose(p, { texNumbers: [[2, 0, 1]] });
    const yellow = await pixels(p);
    savePng(path.join(ARTIFACTS, 'PowerStar-yellow.png'), yellow);
    let yellowish = 0;
    const fg = foregroundMask(yellow, BACKGROUND.dark);
    for (let i = 0; i < fg.length; i++) {
      if (!fg[i]) continue;
      const r = yellow.data[i * 4], g = yellow.data[i * 4 + 1], b = yellow.data[i * 4 + 2];
      if (r > 120 && g > 80 && b < r * 0.6) yellowish++;
    }
    assert.ok(yellowish > count(fg) * 0.4, `${yellowish} of ${count(fg)} pixels yellow`);
  });

  it('BRK (TripodBossCore 2ndDemo: C0 of three materials) and BTK (Wait: the beam\'s TEXMTX0) at two frames each, and a register set by hand', async () => {
    const p = await page();
    await load(p, 'TripodBossCore.bdl');
    await p.evaluate(() => (window as any).harness.loadAnim('TripodBossCore/2ndDemo.brk'));
    await pose(p, { anims: [{ name: 'TripodBossCore/2ndDemo.brk', frame: 0 }] });
    const brk0 = await pixels(p); // C0 = (200, 4, 50)
    await pose(p, { anims: [{ name: 'TripodBossCore/2ndDemo.brk', frame: 60 }] });
    const brk60 = await pixels(p); // C0 = (127, 1, 86)
    savePng(path.join(ARTIFACTS, 'TripodBossCore-2ndDemo-brk-60.png'), brk60);
    assert.ok(diffCount(brk0, brk60) > 500, `BRK frames 0 and 60: ${diffCount(brk0, brk60)} pixels differ`);
    // Wait.btk turns TEXMTX0 of EyeLight_v_x (the light beam): 0° at frame 0, about 17.8° at frame 60.
    await p.evaluate(() => (window as any).harness.loadAnim('TripodBossCore/Wait.btk'));
    await pose(p, { anims: [{ name: 'TripodBossCore/Wait.btk', frame: 0 }] });
    const btk0 = await pixels(p);
    await pose(p, { anims: [{ name: 'TripodBossCore/Wait.btk', frame: 60 }] });
    const btk60 = await pixels(p);
    assert.ok(diffCount(btk0, btk60) > 1000, `BTK frames 0 and 60: ${diffCount(btk0, btk60)} pixels differ`);
    await load(p, 'PowerStar.bdl');
    await pose(p, {});
    const plain = await pixels(p);
    // FooMat (material 2) C0 is the highlight colour of stage 1: make it red.
    await pose(p, { tevColors: [[2, 0, [255, 0, 0, 0]]] });
    assert.ok(diffCount(plain, await pixels(p)) > 1000, 'a register set by hand changes pixels');
  });

  it('material colour 0 (BPK target): CrystalSwitch\'s red lambert3 turns green', async () => {
    const p = await page();
    await load(p, 'CrystalSwitch.bdl');
    await pose(p, {});
    const red = await pixels(p);
    await pose(p, { color0: [[1, [0, 255, 0, 255]]] });
    const green = await pixels(p);
    let turned = 0;
    for (let i = 0; i < red.data.length; i += 4) {
      const wasRed = red.data[i] > 2 * red.data[i + 1] + 20;
      const isGreen = green.data[i + 1] > 2 * green.data[i] + 20;
      if (wasRed && isGreen) turned++;
    }
    assert.ok(turned > 100, `${turned} pixels went from red to green`);
  });

  describe('TEV stages compiled as the hardware computes them (Kuribo with a material set by hand)', () => {
    /** Shows Kuribo with material 0 patched and returns the share of drawn pixels equal to `rgb` (±1). */
    async function tevShare(patch: Record<string, unknown>, rgb: [number, number, number]): Promise<number> {
      const p = await page();
      await load(p, 'Kuribo.bdl');
      await p.evaluate((a) => (window as any).harness.showPatched(0, a), patch as never);
      const shot = await pixels(p);
      const fg = foregroundMask(shot, BACKGROUND.dark, 0);
      let same = 0;
      for (let i = 0; i < fg.length; i++) {
        if (!fg[i]) continue;
        if (Math.abs(shot.data[i * 4] - rgb[0]) <= 1 && Math.abs(shot.data[i * 4 + 1] - rgb[1]) <= 1 && Math.abs(shot.data[i * 4 + 2] - rgb[2]) <= 1) same++;
      }
      return count(fg) ? same / count(fg) : 0;
    }
    /** A TEV stage: colour inputs A B C D and alpha inputs (GX values), the rest as given. */
    const stage = (color: number[], alpha: number[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({
      colorIn: color, colorOp: 0, colorBias: 0, colorScale: 0, colorClamp: true, colorRegister: 0,
      alphaIn: alpha, alphaOp: 0, alphaBias: 0, alphaScale: 0, alphaClamp: true, alphaRegister: 0, ...extra,
    });
    // Inputs: 2 C0, 4 C1, 6 C2, 12 ONE, 13 HALF, 14 KONST, 15 ZERO; alpha 1 A0, 2 A1, 3 A2, 6 KONST, 7 ZERO.
    // Kuribo's edges are antialiased against the background: the interior is well over 85% of its pixels.

    it('D input from a register: out = C1', async () => {
      const share = await tevShare({ tevStageCount: 1, tevColors: { 1: [10, 200, 30, 255] }, tevStages: { 0: stage([15, 15, 15, 4], [7, 7, 7, 2]) } }, [10, 200, 30]);
      assert.ok(share > 0.85, `share ${share}`);
    });

    it('konst selectors: K1.g three times (0x15), and 5/8 (3)', async () => {
      const k1g = await tevShare({ tevStageCount: 1, konstColors: { 1: [0, 77, 0, 0] }, konstColorSelectors: { 0: 0x15 }, tevStages: { 0: stage([15, 15, 15, 14], [7, 7, 7, 6]) } }, [77, 77, 77]);
      assert.ok(k1g > 0.85, `share ${k1g}`);
      // 5/8 · 255 = 159.4
      const eighths = await tevShare({ tevStageCount: 1, konstColorSelectors: { 0: 3 }, tevStages: { 0: stage([15, 15, 15, 14], [7, 7, 7, 6]) } }, [159, 159, 159]);
      assert.ok(eighths > 0.85, `share ${eighths}`);
    });

    it('subtract, add-half bias, divide-by-2 scale: (½ − mix(0, 1, C2) + ½) / 2', async () => {
      // C2 = (51, 102, 0): R (0.5 − 0.2 + 0.5) / 2 = 0.4 → 102; G (0.5 − 0.4 + 0.5) / 2 = 0.3 → 76.5; B 0.5 → 127.5
      const share = await tevShare({ tevStageCount: 1, tevColors: { 2: [51, 102, 0, 255] }, tevStages: { 0: stage([15, 12, 6, 13], [7, 7, 7, 3], { colorOp: 1, colorBias: 1, colorScale: 3 }) } }, [102, 77, 128]);
      assert.ok(share > 0.85, `share ${share}`);
    });

    it('registers carry between stages: stage 0 writes C0, stage 1 halves it into PREV', async () => {
      const share = await tevShare({
        tevStageCount: 2, tevColors: { 1: [200, 100, 50, 255] },
        tevStages: { 0: stage([15, 15, 15, 4], [7, 7, 7, 2], { colorRegister: 1, alphaRegister: 1 }), 1: stage([15, 2, 13, 15], [7, 7, 7, 1]) },
        tevOrders: { 1: { texCoord: 255, texMap: 255, channel: 4 } },
      }, [100, 50, 25]);
      assert.ok(share > 0.85, `share ${share}`);
    });

    it('alpha compare: alpha 100 fails "greater than 128" (nothing drawn) and passes "less than 128"', async () => {
      const p = await page();
      await load(p, 'Kuribo.bdl');
      for (const [comp, drawn] of [[4, false], [1, true]] as const) {
        await p.evaluate((a) => (window as any).harness.showPatched(0, a), {
          tevStageCount: 1, tevColors: { 1: [10, 200, 30, 100] }, tevStages: { 0: stage([15, 15, 15, 4], [7, 7, 7, 2]) },
          alphaCompare: { comp0: comp, ref0: 128, op: 0, comp1: 7, ref1: 0 },
        } as never);
        const n = count(foregroundMask(await pixels(p), BACKGROUND.dark));
        assert.strictEqual(n > 1000, drawn, `compare ${comp}: ${n} pixels`);
      }
    });
  });

  it('any material the page accepts compiles: 40 random TEV setups (every input, op, selector, texgen, channel)', async () => {
    const p = await page();
    await load(p, 'Kuribo.bdl');
    const rnd = prng(0x7E7);
    const int = (n: number): number => Math.floor(rnd() * n);
    const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
    for (let k = 0; k < 40; k++) {
      const stages: Record<number, unknown> = {}, orders: Record<number, unknown> = {}, texGens: Record<number, unknown> = {};
      const kc: Record<number, number> = {}, ka: Record<number, number> = {};
      for (let i = 0; i < 16; i++) {
        stages[i] = {
          colorIn: [int(16), int(16), int(16), int(16)], colorOp: pick([0, 1, 8, 9, 10, 11, 12, 13, 14, 15]), colorBias: int(4), colorScale: int(4), colorClamp: rnd() < 0.5, colorRegister: int(4),
          alphaIn: [int(8), int(8), int(8), int(8)], alphaOp: pick([0, 1, 8, 9, 10, 11, 12, 13, 14, 15]), alphaBias: int(4), alphaScale: int(4), alphaClamp: rnd() < 0.5, alphaRegister: int(4),
        };
        orders[i] = { texCoord: pick([0, 1, 2, 3, 4, 5, 6, 7, 255]), texMap: pick([0, 1, 2, 3, 4, 5, 6, 7, 255]), channel: pick([0, 1, 2, 3, 4, 5, 6, 7, 8, 255]) };
        kc[i] = int(32);
        ka[i] = int(32);
      }
      for (let i = 0; i < 8; i++) texGens[i] = { type: int(11), source: int(21), matrix: pick([0, 3, 30, 33, 36, 45, 57, 60]) };
      const channel = (): unknown => ({ lightingEnabled: rnd() < 0.5, materialSource: int(2), lightMask: int(256), diffuseFunction: int(3), attenuationFunction: int(3), ambientSource: int(2) });
      const patch = {
        tevStageCount: 1 + int(16), texGenCount: int(9), colorChannelCount: int(3), tevStages: stages, tevOrders: orders, texGens,
        konstColorSelectors: kc, konstAlphaSelectors: ka, channelControls: { 0: channel(), 1: channel(), 2: channel(), 3: channel() },
        texNumbers: { 0: int(5), 1: int(5), 2: null, 3: int(5), 4: 0, 5: 1, 6: 2, 7: 3 },
        alphaCompare: { comp0: int(8), ref0: int(256), op: int(4), comp1: int(8), ref1: int(256) },
        blend: { mode: int(4), source: int(8), destination: int(8), logicOp: int(16) },
        zMode: { compare: rnd() < 0.8, func: int(8), update: rnd() < 0.5 }, cullMode: int(4),
      };
      const r = await p.evaluate((a) => (window as any).harness.showPatched(0, a), patch as never) as { problems: string[] };
      assert.deepStrictEqual(r.problems.filter((m) => /compile/.test(m)), [], `setup ${k}: ${JSON.stringify(patch).slice(0, 300)} ${r.problems.join(" | ").slice(0, 1500)}`);
      await pixels(p);
      const drawn = await p.evaluate(() => (window as any).harness.problems()) as string[];
      assert.deepStrictEqual(drawn.filter((m) => /compile/.test(m)), [], `setup ${k} while drawing`);
    }
  });

  it('hover names the shape, its material and the joint under the cursor (id pass)', async () => {
    const p = await page();
    await load(p, 'Mogu.bdl');
    await p.evaluate(() => (window as any).harness.bindPose());
    const shot = await pixels(p);
    const box = bbox(foregroundMask(shot, BACKGROUND.dark), shot.width, shot.height);
    const cx = Math.round((box.x0 + box.x1) / 2);
    const belly = await p.evaluate((a) => (window as any).harness.hit(a[0], a[1]), [cx, Math.round(box.y0 + (box.y1 - box.y0) * 0.65)] as never) as { shape: number; materialName: string; jointName: string; joint: number } | null;
    assert.ok(belly, 'something under the belly');
    assert.strictEqual(belly!.materialName, 'Mogucchi_Mat_v');
    assert.ok(belly!.joint >= 0 && belly!.jointName.length > 0);
    assert.strictEqual(await p.evaluate(() => (window as any).harness.hit(3, 3)), null, 'background: nothing');
    // A hand (left edge of the bind pose) belongs to another joint than the belly.
    let hand: { joint: number } | null = null;
    for (let x = box.x0; x < cx && !hand; x += 4) hand = await p.evaluate((a) => (window as any).harness.hit(a[0], a[1]), [x + 3, Math.round(box.y0 + (box.y1 - box.y0) * 0.3)] as never);
    assert.ok(hand && hand.joint !== belly!.joint, `hand joint ${hand?.joint}, belly joint ${belly!.joint}`);
    // The real pointer shows the tooltip with the names (textContent).
    const canvas = await p.locator('.as-model-canvas').boundingBox();
    await p.mouse.move(canvas!.x + cx, canvas!.y + box.y0 + (box.y1 - box.y0) * 0.65);
    await p.waitForFunction('!document.querySelector(".as-model-tip").hidden', undefined, { timeout: 5000, polling: 50 });
    const tip = await p.locator('.as-model-tip').textContent();
    assert.match(tip ?? '', /Mogucchi_Mat_v/);
    await p.mouse.move(1, 1);
  });

  it('keyboard: arrows orbit, + zooms, 0 resets; wireframe and skeleton toggles draw overlays', async () => {
    const p = await page();
    await load(p, 'Kuribo.bdl');
    const before = await pixels(p);
    const home = await p.evaluate(() => (window as any).harness.camera()) as { yaw: number; distance: number };
    await p.locator('.as-model-canvas').focus();
    await p.keyboard.press('ArrowLeft');
    await p.keyboard.press('+');
    const moved = await p.evaluate(() => (window as any).harness.camera()) as { yaw: number; distance: number };
    assert.ok(moved.yaw > home.yaw && moved.distance < home.distance);
    assert.ok(diffCount(before, await pixels(p)) > 1000);
    await p.keyboard.press('0');
    assert.strictEqual(diffCount(before, await pixels(p)), 0, 'reset gives the first picture back');
    await p.keyboard.press('w');
    const wire = await pixels(p);
    assert.ok(diffCount(before, wire) > 500, 'wireframe lines drawn');
    assert.strictEqual(await p.evaluate(() => document.querySelectorAll('.as-model-button[aria-pressed="true"]').length), 1);
    await p.keyboard.press('w');
    await p.keyboard.press('k');
    const bones = await pixels(p);
    assert.ok(diffCount(before, bones) > 30, 'skeleton drawn');
    await p.keyboard.press('k');
    const label = await p.evaluate(() => document.querySelector('.as-model-canvas')!.getAttribute('aria-label'));
    assert.match(label ?? '', /Kuribo\.bdl · 1 shape/);
  });

  it('broken payloads draw what they can and list the rest', async () => {
    const p = await page();
    await load(p, 'PowerStar.bdl');
    type Broken = { drawable: number; problems: string[]; status: string };
    const broken = (kind: string): Promise<Broken> => p.evaluate((k) => (window as any).harness.loadBroken(k), kind as never);
    const indices = await broken('indices');
    assert.strictEqual(indices.drawable, 3);
    assert.ok(indices.problems.some((m) => /^Shape 0 is not drawn: its triangles use vertex \d+, but it has 738/.test(m)), indices.problems.join('\n'));
    assert.ok(count(foregroundMask(await pixels(p), BACKGROUND.dark)) > 5000, 'the other shapes draw');
    const shapeType = await broken('shape-type');
    assert.ok(shapeType.problems.some((m) => /Shape 0 is not drawn: its positions/.test(m)));
    const material = await broken('material');
    assert.ok(material.problems.some((m) => /Material 0: its values are malformed/.test(m)));
    assert.ok(count(foregroundMask(await pixels(p), BACKGROUND.dark)) > 5000);
    const texture = await broken('texture');
    assert.ok(texture.problems.some((m) => /uses texture 12, which is not in TEX1 \(9 textures\); a checker stands in/.test(m)), texture.problems.join('\n'));
    const checker = await pixels(p);
    let magenta = 0;
    for (let i = 0; i < checker.data.length; i += 4) if (checker.data[i] > 150 && checker.data[i + 1] < 60 && checker.data[i + 2] > 150) magenta++;
    assert.ok(magenta > 100, `${magenta} checker pixels`);
    const listed = await p.locator('.as-model-problem-warning').count();
    assert.ok(listed >= 1, 'problems listed in the view');
    const garbage = await p.evaluate(() => (window as any).harness.loadBroken('garbage')) as { drawable: number; problems: { message: string }[] };
    assert.strictEqual(garbage.drawable, 0);
    assert.match(garbage.problems[0].message, /payload version 99/);
    assert.strictEqual(count(foregroundMask(await pixels(p), BACKGROUND.dark)), 0);
  });

  it('a lost WebGL context shows the fallback message; a restored one draws again', async () => {
    const p = await harness.open('dark');
    await load(p, 'Kuribo.bdl');
    assert.ok(await p.evaluate(() => (window as any).harness.loseContext()));
    await p.waitForFunction('window.harness.status() === "context-lost"', undefined, { timeout: 10000, polling: 50 });
    assert.match(await p.evaluate(() => (window as any).harness.fallbackText()), /lost its WebGL context/);
    assert.ok(await p.locator('.as-model-fallback').boundingBox(), 'the message is visible');
    await p.evaluate(() => (window as any).harness.restoreContext());
    await p.waitForFunction('window.harness.status() === "ready"', undefined, { timeout: 10000, polling: 50 });
    assert.ok(count(foregroundMask(await pixels(p), BACKGROUND.dark)) > 10000, 'draws again after the restore');
    assert.deepStrictEqual((await p.evaluate(() => (window as any).harness.statuses) as string[]).slice(-2), ['context-lost', 'ready']);
    const none = await p.evaluate(() => (window as any).harness.noWebgl2()) as { status: string; text: string };
    assert.strictEqual(none.status, 'no-webgl2');
    assert.match(none.text, /needs WebGL2/);
    assert.deepStrictEqual(p.errors.filter((e) => !/CONTEXT_LOST|context lost|WebGL/i.test(e)), []);
    p.errors.length = 0;
  });

  it('texture gallery: every TEX1 texture, click reports its image bytes', async () => {
    const p = await page();
    await load(p, 'Kuribo.bdl');
    assert.strictEqual(await p.evaluate(() => (window as any).harness.gallery.count()), 5);
    assert.strictEqual(await p.locator('.as-textures-tile').count(), 5);
    await p.evaluate(() => (window as any).harness.gallery.click(2));
    const sel = await p.evaluate(() => (window as any).harness.selections.at(-1)) as { texture: number; offset: number; length: number; headerOffset: number };
    // CMPR 64 × 128, one level: 64 · 128 / 2 = 4096 bytes (FORMATS.md §10.9: 8×8 blocks of 32 bytes).
    assert.strictEqual(sel.texture, 2);
    assert.strictEqual(sel.length, 4096);
    assert.ok(sel.offset > sel.headerOffset);
    const tile = await p.evaluate(() => document.querySelector('.as-textures-tile[data-texture="4"]')!.textContent);
    assert.match(tile ?? '', /same image as texture 2/);
    await p.locator('.as-textures').screenshot({ path: path.join(ARTIFACTS, 'Kuribo-textures.png') });
  });
});
