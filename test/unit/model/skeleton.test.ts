/**
 * Posing: joint world positions from the BCK samples, computed independently here (4×4 matrices
 * built axis by axis and multiplied generically) and compared to src/anim/skeleton.ts.
 */
import * as assert from 'assert';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decode } from '../../../src/formats/index';
import { decodeModel } from '../../../src/formats/model';
import type { ModelData } from '../../../src/formats/model';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import { sampleFile } from '../../../src/kinds/sample';
import { bindAnimation } from '../../../src/anim/skeleton';
import { bindPose, boneSegments, computePose, LOCAL_STRIDE } from '../../../src/formats/model/jointMatrices';
import { writeBck } from '../../fixtures/j3d-writer';
import { archiveFile, BOSS_BDL, CORE_BDL, f32hex, FOOT_BDL } from './fixtures';

type M4 = number[][];

function mul(a: M4, b: M4): M4 {
  return a.map((row) => [0, 1, 2, 3].map((c) => row.reduce((s, v, k) => s + v * b[k][c], 0)));
}
const I = (): M4 => [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]];
function T(x: number, y: number, z: number): M4 { const m = I(); m[0][3] = x; m[1][3] = y; m[2][3] = z; return m; }
function S(x: number, y: number, z: number): M4 { const m = I(); m[0][0] = x; m[1][1] = y; m[2][2] = z; return m; }
function Rx(deg: number): M4 { const r = deg * Math.PI / 180, c = Math.cos(r), s = Math.sin(r); return [[1, 0, 0, 0], [0, c, -s, 0], [0, s, c, 0], [0, 0, 0, 1]]; }
function Ry(deg: number): M4 { const r = deg * Math.PI / 180, c = Math.cos(r), s = Math.sin(r); return [[c, 0, s, 0], [0, 1, 0, 0], [-s, 0, c, 0], [0, 0, 0, 1]]; }
function Rz(deg: number): M4 { const r = deg * Math.PI / 180, c = Math.cos(r), s = Math.sin(r); return [[c, -s, 0, 0], [s, c, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]; }

interface Srt { s: number[]; r: number[]; t: number[] }

/**
 * Independent pose: local = T · Rz · Ry · Rx · S (with Maya SSC: T · S(parent)^-1 · R · S),
 * world = world(parent) · local. `parents` and `ssc` are given by hand.
 */
function worldMatrices(parents: number[], locals: Srt[], ssc: boolean[] = []): M4[] {
  const world: M4[] = [];
  const order = parents.map((_, i) => i); // parents precede children in the hand-written lists
  for (const j of order) {
    const l = locals[j];
    let rs = mul(mul(mul(Rz(l.r[2]), Ry(l.r[1])), Rx(l.r[0])), S(l.s[0], l.s[1], l.s[2]));
    const p = parents[j];
    if (ssc[j] && p >= 0) rs = mul(S(1 / locals[p].s[0], 1 / locals[p].s[1], 1 / locals[p].s[2]), rs);
    const local = mul(T(l.t[0], l.t[1], l.t[2]), rs);
    world[j] = p < 0 ? local : mul(world[p], local);
  }
  return world;
}

function worldPositions(parents: number[], locals: Srt[], ssc: boolean[] = []): number[][] {
  return worldMatrices(parents, locals, ssc).map((m) => [m[0][3], m[1][3], m[2][3]]);
}

/** Compares the 3×4 row-major matrices of skeleton.ts with the independent 4×4 ones. */
function assertMatricesClose(actual: ArrayLike<number>, expected: M4[], what: string): void {
  expected.forEach((m, j) => {
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 4; c++) {
        const got = actual[j * 12 + r * 4 + c];
        assert.ok(Math.abs(got - m[r][c]) <= 1e-6 * Math.max(1, Math.abs(m[r][c])), `${what}: joint ${j} m${r}${c}: ${got} vs ${m[r][c]}`);
      }
    }
  });
}

/** The S/R/T of every joint at `frame` from `sampleFile` output; count-0 channels from `bind`. */
function sampledLocals(bckBytes: Uint8Array, name: string, frame: number, bind: Srt[]): Srt[] {
  const file = decode(bckBytes, name);
  const anim = file.anim as BckAnim;
  const tracks = new Map(sampleFile(file).animations[0].tracks.map((t) => [t.path, t.values]));
  return anim.joints.map((joint, j) => {
    const get = (kind: 'scale' | 'rotation' | 'translation', key: 's' | 'r' | 't'): number[] =>
      (['x', 'y', 'z'] as const).map((axis, a) => (joint[axis][kind].count === 0 ? bind[j][key][a] : tracks.get(`joints/${j}/${kind}/${axis}`)![frame]));
    return { s: get('scale', 's'), r: get('rotation', 'r'), t: get('translation', 't') };
  });
}

function model(bytes: Uint8Array): ModelData {
  const sink = new DiagnosticSink();
  const r = decodeModel(bytes, sink);
  assert.ok(r.model);
  return r.model;
}

function assertClose(actual: ArrayLike<number>, expected: number[][], what: string): void {
  expected.forEach((p, j) => p.forEach((v, a) => {
    const got = actual[j * 3 + a];
    assert.ok(Math.abs(got - v) <= 1e-6 * Math.max(1, Math.abs(v)), `${what}: joint ${j} axis ${a}: ${got} vs ${v}`);
  }));
}

const IDENTITY: Srt = { s: [1, 1, 1], r: [0, 0, 0], t: [0, 0, 0] };

describe('skeleton: posing', () => {
  describe('TripodBossCore.bdl + 2ndDemo.bck', () => {
    const core = model(CORE_BDL());
    const bckBytes = archiveFile('TripodBossCore', 'TripodBossCore/2ndDemo.bck');
    const anim = decode(bckBytes, '2ndDemo.bck').anim as BckAnim;
    const binding = bindAnimation(core, anim);
    // By hand from INF1 (model.test.ts): parents, and the all-identity bind pose of JNT1.
    const parents = [-1, 0, 1, 0, 0];
    const bind = [IDENTITY, IDENTITY, IDENTITY, IDENTITY, IDENTITY];

    it('binds joint names in place of indices, with no count diagnostic (5 = 5)', () => {
      assert.deepStrictEqual(binding.jointNames, ['TriPodBossCore', 'CoreLight', 'HeadLightCone', 'HeadLight', 'MetalBody1']);
      assert.strictEqual(binding.countMismatch, undefined);
      assert.deepStrictEqual(binding.diagnostics, []);
      assert.deepStrictEqual(binding.bones, [[0, 1], [1, 2], [0, 3], [0, 4]]);
    });

    for (const frame of [0, 45, 88]) {
      it(`matches the independently composed world matrices and positions at frame ${frame}`, () => {
        const expected = worldMatrices(parents, sampledLocals(bckBytes, '2ndDemo.bck', frame, bind));
        const pose = binding.pose(frame);
        assertMatricesClose(pose.world, expected, `frame ${frame}`);
        assertClose(pose.positions, expected.map((m) => [m[0][3], m[1][3], m[2][3]]), `frame ${frame}`);
      });
    }

    it('rotates CoreLight and its child HeadLightCone about Y (origins stay at 0: every translation is 0)', () => {
      assert.deepStrictEqual(Array.from(anim.translationBank), [0]);
      const w0 = Array.from(binding.pose(0).world);
      const w45 = Array.from(binding.pose(45).world);
      for (const j of [1, 2]) {
        assert.ok(Math.abs(w0[j * 12] - w45[j * 12]) > 1e-3, `joint ${j} m00 ${w0[j * 12]} vs ${w45[j * 12]}`);
      }
      assert.deepStrictEqual(w45.slice(3 * 12, 3 * 12 + 12), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
      assert.ok(Array.from(binding.pose(45).positions).every((v) => v === 0));
    });
  });

  describe('TripodBoss.bdl + StartDemo.bck (Maya scaling, SSC joints)', () => {
    const boss = model(BOSS_BDL());
    const bckBytes = archiveFile('TripodBoss', 'TripodBoss/StartDemo.bck');
    const anim = decode(bckBytes, 'StartDemo.bck').anim as BckAnim;
    const binding = bindAnimation(boss, anim);
    // Bind pose by hand from the JNT1 bytes (model.test.ts) — used only for count-0 channels.
    const deg = (raw: number): number => raw * 180 / 32768;
    const bind: Srt[] = [
      IDENTITY,
      { s: [1, 1, 1], r: [deg(0x7554), 0, deg(0x7FFF)], t: [0, f32hex('4441f798'), f32hex('c534f94d')] },
      { s: [1, 1, 1], r: [deg(-16383), deg(-16367), deg(16383)], t: [0, f32hex('45a488e8'), f32hex('3f91c7ce')] },
      { s: [1, 1, 1], r: [deg(-2730), deg(10922), 0], t: [f32hex('451cba5a'), f32hex('4441f798'), f32hex('44b4f94d')] },
      { s: [1, 1, 1], r: [deg(-2730), deg(-10922), 0], t: [f32hex('c51cba5a'), f32hex('4441f798'), f32hex('44b4f94d')] },
    ];
    const parents = [-1, 0, 0, 0, 0];
    const ssc = [false, true, true, true, true];

    for (const frame of [0, 300, 740]) {
      it(`matches the independent composition at frame ${frame}`, () => {
        const expected = worldMatrices(parents, sampledLocals(bckBytes, 'StartDemo.bck', frame, bind), ssc);
        const pose = binding.pose(frame);
        assertMatricesClose(pose.world, expected, `frame ${frame}`);
        assertClose(pose.positions, expected.map((m) => [m[0][3], m[1][3], m[2][3]]), `frame ${frame}`);
        assert.ok(expected.some((m) => Math.abs(m[1][3]) > 100), 'joints away from the origin');
      });
    }

    it('bind pose: joint origins at the JNT1 translations (children of an identity root)', () => {
      const expected = worldPositions(parents, bind, ssc);
      assertClose(bindPose(boss).positions, expected, 'bind');
      assert.ok(Math.abs(expected[1][2] - f32hex('c534f94d')) < 1e-9);
    });
  });

  it('a mismatched model produces MDL_JOINT_COUNT: TripodBossFoot.bdl (1 joint) + 2ndDemo.bck (5 joints)', () => {
    const foot = model(FOOT_BDL());
    const anim = decode(archiveFile('TripodBossCore', 'TripodBossCore/2ndDemo.bck'), '2ndDemo.bck').anim as BckAnim;
    const b = bindAnimation(foot, anim);
    assert.ok(b.countMismatch);
    assert.strictEqual(b.countMismatch.code, 'MDL_JOINT_COUNT');
    assert.strictEqual(b.countMismatch.severity, 'warning');
    assert.strictEqual(b.countMismatch.offset, 0x2C);
    assert.deepStrictEqual(b.diagnostics.map((d) => d.code), ['MDL_JOINT_COUNT']);
    assert.deepStrictEqual(b.jointNames, ['world_root', null, null, null, null]);
    assert.strictEqual(b.pose(10).positions.length, 3);
  });

  it('TripodBoss.bdl + TripodBossCore 2ndDemo.bck: both have 5 joints, so the count check cannot tell them apart', () => {
    const anim = decode(archiveFile('TripodBossCore', 'TripodBossCore/2ndDemo.bck'), '2ndDemo.bck').anim as BckAnim;
    const b = bindAnimation(model(BOSS_BDL()), anim);
    assert.strictEqual(b.countMismatch, undefined);
  });

  it('untracked channels (count 0) keep the bind pose; tracked ones take the BCK value', () => {
    const boss = model(BOSS_BDL());
    const keys = { keys: [{ time: 0, value: 0 }, { time: 10, value: 8192 }] };
    // Joint 1: only rotation Y (keyed) and translation X (constant 100); everything else count 0.
    const bck = writeBck({ duration: 10, joints: [{}, { y: { rotation: keys }, x: { translation: 100 } }, {}, {}, {}] }).bytes;
    const anim = decode(bck, 'x.bck').anim as BckAnim;
    const b = bindAnimation(boss, anim);
    const l = b.locals(10);
    const j1 = Array.from(l.slice(LOCAL_STRIDE, 2 * LOCAL_STRIDE));
    // sx sy sz from JNT1 (1), rx = 0x7554 raw, ry = 8192 raw = 45°, rz = 0x7FFF raw, tx = 100, ty tz from JNT1.
    assert.deepStrictEqual(j1, [1, 1, 1, 30036 * 180 / 32768, 45, 32767 * 180 / 32768, 100, f32hex('4441f798'), f32hex('c534f94d')]);
    assert.deepStrictEqual(b.tracked[1], [false, false, false, false, true, false, true, false, false]);
    // Joint 3 is untracked entirely: bind pose.
    assert.deepStrictEqual(Array.from(l.slice(3 * LOCAL_STRIDE, 4 * LOCAL_STRIDE)).slice(6), [f32hex('451cba5a'), f32hex('4441f798'), f32hex('44b4f94d')]);
  });

  it('segment scale compensation divides the child rotation·scale rows by the parent scale, not the translation', () => {
    const m: ModelData = {
      format: 'bdl', type: 'bdl4', loadFlags: 2, scalingRule: 2, hierarchy: [], hierarchyRoots: [0], materials: [], materialEntryIndex: [], shapeCount: 0, vertexCount: 0, shapes: [], materialData: [], textures: [],
      joints: [0, 1, 2].map((i) => ({
        index: i, name: `j${i}`, parent: i - 1, children: i < 2 ? [i + 1] : [], materials: [], inHierarchy: true, dataIndex: i, offset: 0,
        kind: 0, matrixType: 0, flags: 0, scaleCompensateRaw: i === 0 ? 0 : 1, scaleCompensate: i !== 0,
        scale: [1, 1, 1], rotationRaw: [0, 0, 0], rotationDegrees: [0, 0, 0], translation: [0, 0, 0], boundingRadius: 0, bboxMin: [0, 0, 0], bboxMax: [0, 0, 0],
      })),
    };
    const locals = [2, 3, 4, 0, 0, 90, 1, 2, 3, /* j1 */ 1, 1, 1, 30, 0, 0, 10, 0, 0, /* j2 */ 1, 1, 1, 0, 0, 0, 0, 5, 0];
    const srt = (k: number): Srt => ({ s: locals.slice(k * 9, k * 9 + 3), r: locals.slice(k * 9 + 3, k * 9 + 6), t: locals.slice(k * 9 + 6, k * 9 + 9) });
    const expected = worldPositions([-1, 0, 1], [srt(0), srt(1), srt(2)], [false, true, true]);
    assertClose(computePose(m, locals).positions, expected, 'ssc');
    const plain = worldPositions([-1, 0, 1], [srt(0), srt(1), srt(2)]);
    assertClose(computePose(m, locals, { scaleCompensate: false }).positions, plain, 'no ssc');
    assert.notDeepStrictEqual(expected, plain);
    assert.deepStrictEqual(boneSegments(m), [[0, 1], [1, 2]]);
  });
});
