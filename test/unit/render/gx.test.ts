/**
 * The GX material compiler's pure parts (webview/render/gx): which materials share a program, what
 * the generated GLSL reads for each TEV input and selector, the texgen matrices per J3D mode (env
 * maps computed by hand), and the approximations listed per material.
 */
import * as assert from 'assert';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decodeModel } from '../../../src/formats/model/model';
import { defaultMaterial } from '../../../src/formats/model/defaultMaterial';
import type { ModelMaterial } from '../../../src/formats/model/types';
import { approximations, configKey, programConfig, usedTexMaps } from '../../../webview/render/gx/materialConfig';
import { fragmentShader, vertexShader } from '../../../webview/render/gx/shaderGen';
import { concat34, texGenMatrix } from '../../../webview/render/gx/texMatrix';
import { parseCssColor } from '../../../webview/render/gl';
import { archiveFile } from '../model/fixtures';

function materials(arc: string, inner: string): ModelMaterial[] {
  return decodeModel(archiveFile(arc, inner), new DiagnosticSink()).model!.materialData;
}

/** A one-stage material: colour inputs A B C D, alpha inputs, and the rest given. */
function oneStage(colorIn: number[], alphaIn: number[], extra: Partial<ModelMaterial> = {}): ModelMaterial {
  const m = defaultMaterial(0, 'test', 0);
  m.tevStages[0] = {
    colorIn: colorIn as [number, number, number, number], colorOp: 0, colorBias: 0, colorScale: 0, colorClamp: true, colorRegister: 0,
    alphaIn: alphaIn as [number, number, number, number], alphaOp: 0, alphaBias: 0, alphaScale: 0, alphaClamp: true, alphaRegister: 0,
  };
  return Object.assign(m, extra);
}

/** The GLSL of stage 0's colour combiner. */
function colorLine(m: ModelMaterial): string {
  return /t_outC = (.*);/.exec(fragmentShader(programConfig(m)))![1];
}

describe('GX material compiler', () => {
  it('materials with equal TEV setups share a program key (PowerStar Eye / Eye(2); TripodBossCore Core_v / Core_v(2))', () => {
    const star = materials('PowerStar', 'PowerStar/PowerStar.bdl').map((m) => configKey(programConfig(m)));
    assert.strictEqual(new Set(star).size, 3);
    assert.strictEqual(star[1], star[3]);
    const core = materials('TripodBossCore', 'TripodBossCore/TripodBossCore.bdl').map((m) => configKey(programConfig(m)));
    assert.strictEqual(new Set(core).size, 3);
    assert.strictEqual(core[0], core[3]);
    assert.strictEqual(core[2], core[4]);
  });

  it('Kuribo: stage 0 = C1 + (TEXC − C1)·RASC + C0 … as MAT3 says, stage 1 doubles', () => {
    const [m] = materials('Kuribo', 'Kuribo/Kuribo.bdl');
    const c = programConfig(m);
    assert.strictEqual(c.stages.length, 2);
    assert.deepStrictEqual(usedTexMaps(c), [0]);
    const fs = fragmentShader(c);
    // Stage 0 colour: A = C1 (8-bit), B = TEXC, C = RASC, D = C0 (10-bit), clamp.
    assert.ok(fs.includes('t_outC = clamp(r_c0.rgb + mix(wrap8(r_c1.rgb), t_tex.rgb, t_ras.rgb), 0.0, 1.0);'), fs);
    // Stage 1 colour: (CPREV + mix(0, RASC, APREV)) × 2.
    assert.ok(fs.includes('t_outC = clamp((r_prev.rgb + mix(vec3(0.0), t_ras.rgb, wrap8(r_prev.aaa))) * 2.0, 0.0, 1.0);'), fs);
    // Stage 0 alpha: konst alpha selector 7 = 1/8.
    assert.ok(fs.includes('mix(t_tex.a, 0.125, t_ras.a)'), fs);
    // The lit colour channel: vertex colour × (ambient register + N·L clamped).
    const vs = vertexShader(c);
    assert.ok(vs.includes('(a_color0 * clamp(u_ambientColor[0] + max(dot(s_viewNormal, u_lightDirection), 0.0) * u_lightColor, 0.0, 1.0)).rgb'), vs);
    assert.deepStrictEqual(approximations(m), ['lit by one stand-in directional light (the game sets its scene lights at run time)']);
  });

  it('konst selectors: eighths, Kn.rgb, Kn.r/g/b/a for colour and alpha', () => {
    const sel = (kc: number, ka: number): string => fragmentShader(programConfig(oneStage([15, 15, 15, 14], [7, 7, 7, 6], { konstColorSelectors: [kc, ...new Array(15).fill(null)], konstAlphaSelectors: [ka, ...new Array(15).fill(null)] })));
    assert.ok(sel(0, 0).includes('t_outC = clamp(vec3(1.0) + mix(vec3(0.0), vec3(0.0), vec3(0.0))'));
    assert.ok(sel(3, 5).includes('vec3(0.625)') && sel(3, 5).includes('t_outA = clamp(0.375 +'));
    assert.ok(sel(0x0E, 0x1F).includes('u_konst[2].rgb') && sel(0x0E, 0x1F).includes('t_outA = clamp(u_konst[3].a +'));
    assert.ok(sel(0x15, 0x12).includes('u_konst[1].ggg') && sel(0x15, 0x12).includes('t_outA = clamp(u_konst[2].r +'));
    assert.ok(sel(0x1C, 0x18).includes('u_konst[0].aaa') && sel(0x1C, 0x18).includes('t_outA = clamp(u_konst[0].b +'));
  });

  it('op, bias, scale, clamp: subtract / sub-half / ×4 / unclamped into C2; compare ops pack 8-bit values', () => {
    const m = oneStage([12, 15, 13, 2], [7, 7, 7, 7]);
    Object.assign(m.tevStages[0]!, { colorOp: 1, colorBias: 2, colorScale: 2, colorClamp: false, colorRegister: 3 });
    assert.strictEqual(colorLine(m), 'clamp((r_c0.rgb - mix(vec3(1.0), vec3(0.0), vec3(0.5)) - 0.5) * 4.0, -4.015686274509804, 4.011764705882353)');
    assert.ok(fragmentShader(programConfig(m)).includes('r_c2.rgb = t_outC;'));
    Object.assign(m.tevStages[0]!, { colorOp: 12, colorClamp: true });
    assert.strictEqual(colorLine(m), 'clamp(((pack24(t_ca) > pack24(t_cb)) ? vec3(0.5) : vec3(0.0)) + r_c0.rgb, 0.0, 1.0)');
    Object.assign(m.tevStages[0]!, { colorOp: 15 });
    assert.strictEqual(colorLine(m), 'clamp(vec3(equal(u8v(t_ca.rgb), u8v(t_cb.rgb))) * vec3(0.5) + r_c0.rgb, 0.0, 1.0)');
  });

  it('alpha compare: omitted when it always passes, else on the 8-bit alpha', () => {
    const pass = oneStage([15, 15, 15, 10], [7, 7, 7, 5]);
    assert.ok(!fragmentShader(programConfig(pass)).includes('discard'));
    const [, , foo] = materials('PowerStar', 'PowerStar/PowerStar.bdl');
    // FooMat: GEQUAL 128 AND LEQUAL 255.
    assert.ok(fragmentShader(programConfig(foo)).includes('if (!((t_a8 >= 128) && (t_a8 <= 255))) discard;'));
  });

  it('texgens: 3×4 divides by q; 2×4 drops it; sources POS/NRM/TEXn', () => {
    const [, , foo] = materials('PowerStar', 'PowerStar/PowerStar.bdl');
    const c = programConfig(foo);
    assert.deepStrictEqual(c.texGens, [{ type: 0, source: 1 }, { type: 0, source: 1 }, { type: 1, source: 4 }]);
    const vs = vertexShader(c), fs = fragmentShader(c);
    assert.ok(vs.includes('{ vec4 s = vec4(s_modelNormal, 1.0);') && vs.includes('v_texCoord0 = t; }'));
    assert.ok(vs.includes('{ vec4 s = vec4(a_tex0, 1.0, 1.0);') && vs.includes('v_texCoord2 = vec3(t.xy, 1.0); }'));
    assert.ok(fs.includes('vec2 readCoord0() { float q = v_texCoord0.z;'));
    assert.ok(fs.includes('vec2 readCoord2() { return v_texCoord2.xy; }'));
    assert.deepStrictEqual(usedTexMaps(c), [0, 1, 2]);
    assert.deepStrictEqual(approximations(foo), []);
  });

  describe('texgen matrices (J3DTexMtx::calc modes)', () => {
    const identityView = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
    const apply = (m: ArrayLike<number>, v: number[]): number[] => [0, 1, 2].map((r) => m[r * 4] * v[0] + m[r * 4 + 1] * v[1] + m[r * 4 + 2] * v[2] + m[r * 4 + 3] * v[3]);

    it('mode 7 env map: a view normal (0.6, 0, 0.8) → s/q = ½ + ½·0.6/0.8, t/q = ½ (identity SRT)', () => {
      const m = defaultMaterial(0, 't', 0);
      m.texGens[0] = { type: 0, source: 1, matrix: 30 };
      m.texMatrices[0] = { projection: 0, mode: 7, maya: false, center: [0.5, 0.5, 0.5], scale: [1, 1], rotation: 0, translation: [0, 0], effectMatrix: new Array(16).fill(0) };
      const out = new Float32Array(12);
      texGenMatrix(out, 0, 0, { material: m, animated: [], viewNormal: identityView }, new Float64Array(24));
      const [s, t, q] = apply(out, [0.6, 0, 0.8, 1]);
      assert.ok(Math.abs(s / q - 0.875) < 1e-6 && Math.abs(t / q - 0.5) < 1e-6, `${s / q} ${t / q}`);
      // The view's rotation comes first: model normal +z seen from a camera turned about y (cos 0.8, sin 0.6) is (−0.6, 0, 0.8).
      const turned = [0.8, 0, -0.6, 0, 0, 1, 0, 0, 0.6, 0, 0.8, 0];
      texGenMatrix(out, 0, 0, { material: m, animated: [], viewNormal: turned }, new Float64Array(24));
      const [s2, t2, q2] = apply(out, [0, 0, 1, 1]);
      assert.ok(Math.abs(s2 / q2 - 0.125) < 1e-6 && Math.abs(t2 / q2 - 0.5) < 1e-6, `${s2 / q2} ${t2 / q2}`);
    });

    it('mode 0 SRT: scale ½ about the centre, translation in the fourth column; a BTK replaces it and forces texgen n onto TEXMTXn', () => {
      const m = defaultMaterial(0, 't', 0);
      m.texGens[1] = { type: 1, source: 5, matrix: 60 };
      m.texMatrices[1] = { projection: 1, mode: 0, maya: false, center: [0.5, 0.5, 0], scale: [0.5, 0.5], rotation: 0, translation: [0.25, 0], effectMatrix: new Array(16).fill(0) };
      const out = new Float32Array(12);
      const scratch = new Float64Array(24);
      texGenMatrix(out, 0, 1, { material: m, animated: [], viewNormal: identityView }, scratch);
      assert.deepStrictEqual(Array.from(out), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0], 'identity texgen: TEXMTX1 unused');
      texGenMatrix(out, 0, 1, { material: m, animated: [null, [2, 0, 0.1, 0, 3, 0.2]], viewNormal: identityView }, scratch);
      assert.deepStrictEqual(apply(out, [1, 1, 1, 1]).map((x) => +x.toFixed(6)), [2.1, 3.2, 1]);
      m.texGens[1].matrix = 33;
      texGenMatrix(out, 0, 1, { material: m, animated: [], viewNormal: identityView }, scratch);
      // s' = ½(s − ½) + ½ + ¼ at s = 1: 1.0; t' = ½(t − ½) + ½ at t = 0: 0.25
      assert.deepStrictEqual(apply(out, [1, 0, 1, 1]).map((x) => +x.toFixed(6)), [1, 0.25, 1]);
    });

    it('concat34 multiplies 3×4 affine matrices', () => {
      const out = new Array(12).fill(0);
      concat34(out, 0, [2, 0, 0, 1, 0, 2, 0, 2, 0, 0, 2, 3], [1, 0, 0, 5, 0, 1, 0, 6, 0, 0, 1, 7]);
      assert.deepStrictEqual(out, [2, 0, 0, 11, 0, 2, 0, 14, 0, 0, 2, 17]);
    });
  });

  it('approximations are listed per material (projection maps, logic ops)', () => {
    const m = defaultMaterial(0, 't', 0);
    m.texGenCount = 1;
    m.texGens[0] = { type: 0, source: 0, matrix: 30 };
    m.texMatrices[0] = { projection: 1, mode: 9, maya: false, center: [0, 0, 0], scale: [1, 1], rotation: 0, translation: [0, 0], effectMatrix: new Array(16).fill(0) };
    m.blend = { mode: 2, source: 1, destination: 0, logicOp: 6 };
    assert.deepStrictEqual(approximations(m), ['TEXMTX0: view projection map (drawn with its SRT only)', 'logic-op blend 6 (drawn unblended)']);
  });

  it('CSS colours from the theme', () => {
    assert.deepStrictEqual(parseCssColor('#1f1f1f', [0, 0, 0, 0]).map((x) => Math.round(x * 255)), [31, 31, 31, 255]);
    assert.deepStrictEqual(parseCssColor(' rgba(204, 204, 204, 0.5)', [0, 0, 0, 0]), [0.8, 0.8, 0.8, 0.5]);
    assert.deepStrictEqual(parseCssColor('#abc', [0, 0, 0, 0]).map((x) => Math.round(x * 255)), [170, 187, 204, 255]);
    assert.deepStrictEqual(parseCssColor('var(--x)', [1, 2, 3, 4]), [1, 2, 3, 4]);
  });
});
