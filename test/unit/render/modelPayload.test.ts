/**
 * ModelPayload (src/wire/modelPayload.ts) on every shared model: built once in the host, it survives
 * structured clone with its typed arrays typed, passes the page's checks, and carries what FORMATS.md
 * §10 says the files hold. Broken payloads lose only their broken parts.
 */
import * as assert from 'assert';
import * as v8 from 'v8';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decodeModel } from '../../../src/formats/model/model';
import type { ModelData } from '../../../src/formats/model/types';
import { isPayloadMaterial, ModelPayload, payloadPoseState, unpackModelPayload } from '../../../src/wire/modelPayload';
import { buildModelPayload, payloadByteSize, shapeBindings } from '../../../src/wire/modelPayloadBuild';
import { initialState } from '../../../src/anim/poseState';
import { archiveFile, prng } from '../model/fixtures';
import { readSample } from '../helpers';

const MODELS: Record<string, () => Uint8Array> = {
  Kuribo: () => archiveFile('Kuribo', 'Kuribo/Kuribo.bdl'),
  PowerStar: () => archiveFile('PowerStar', 'PowerStar/PowerStar.bdl'),
  Mogu: () => archiveFile('Mogu', 'Mogu/Mogu.bdl'),
  TripodBossCore: () => archiveFile('TripodBossCore', 'TripodBossCore/TripodBossCore.bdl'),
  CrystalSwitch: () => archiveFile('CrystalSwitch', 'CrystalSwitch/CrystalSwitch.bdl'),
  mariotree1: () => readSample('mkdd/objects/mariotree1.bmd'),
};

function modelOf(name: string): { model: ModelData; bytes: Uint8Array } {
  const bytes = MODELS[name]();
  const model = decodeModel(bytes, new DiagnosticSink()).model;
  assert.ok(model);
  return { model, bytes };
}

const cache = new Map<string, ModelPayload>();
function payloadOf(name: string): ModelPayload {
  if (!cache.has(name)) {
    const { model, bytes } = modelOf(name);
    cache.set(name, buildModelPayload(model, bytes, { fileName: `${name}.bdl` }));
  }
  return cache.get(name)!;
}

describe('ModelPayload', () => {
  for (const name of Object.keys(MODELS)) {
    it(`${name}: survives structured clone typed and passes the page's checks unchanged`, () => {
      const p = payloadOf(name);
      const { model } = modelOf(name);
      const clone = structuredClone(p);
      assert.ok(clone.shapes.every((s) => s.positions instanceof Float32Array && s.drawMatrices instanceof Uint16Array));
      assert.ok(clone.textures.every((t) => t.levels.every((l) => l.rgba instanceof Uint8Array)));
      // The v8 serializer (what postMessage uses in Node workers) keeps them typed too.
      const viaV8 = v8.deserialize(v8.serialize(p)) as ModelPayload;
      assert.ok(viaV8.drawKinds instanceof Uint8Array && viaV8.envelopes.weights instanceof Float32Array);
      const { payload, problems } = unpackModelPayload(clone);
      assert.deepStrictEqual(problems, []);
      assert.ok(payload);
      assert.strictEqual(payload.shapes.length, model.shapes.length);
      assert.strictEqual(payload.materials.length, model.materialData.length);
      assert.strictEqual(payload.textures.length, model.textures.length);
      for (const [i, s] of payload.shapes.entries()) {
        assert.strictEqual(s.vertexCount, model.shapes[i].vertexCount);
        assert.strictEqual(s.triangles.length, model.shapes[i].triangles.length);
        assert.ok(s.vertexCount <= 0x10000 ? s.triangles instanceof Uint16Array : s.triangles instanceof Uint32Array);
      }
      const size = payloadByteSize(p);
      assert.ok(size.typed > 0 && size.other > 0 && size.total === size.typed + size.other);
    });
  }

  it('the page builds the same initial pose state from the payload as the host from the model', () => {
    for (const name of ['Kuribo', 'PowerStar', 'Mogu']) {
      const fromPayload = payloadPoseState(unpackModelPayload(structuredClone(payloadOf(name))).payload!);
      assert.deepStrictEqual(fromPayload, initialState(modelOf(name).model));
    }
  });

  it('shapes pair with the last material node before them and the enclosing joint (INF1, §10.2)', () => {
    // Kuribo: j0 ( m0 ( s0 ( j1 … — PowerStar: j0 ( j1 ( m1 ( s1 ( m2 ( s0 ) ) ) ) j2 ( m0 ( s2 ( m3 ( s3 ) ) ) ) )
    assert.deepStrictEqual(shapeBindings(modelOf('Kuribo').model), { material: [0], joint: [0] });
    assert.deepStrictEqual(shapeBindings(modelOf('PowerStar').model), { material: [2, 1, 0, 3], joint: [1, 1, 2, 2] });
    assert.deepStrictEqual(payloadOf('PowerStar').shapes.map((s) => s.material), [2, 1, 0, 3]);
  });

  it('textures: RGBA levels, image byte ranges from the mip chain, headers sharing an image share its pixels', () => {
    const k = payloadOf('Kuribo');
    // CMPR 64 × 128, one level: 8 × 16 blocks of 32 bytes = 4096.
    assert.ok(k.textures.every((t) => t.imageByteLength === 4096 && t.levels.length === 1 && t.levels[0].rgba.length === 64 * 128 * 4));
    // §10.9: Kuribo #4 is #2's image.
    assert.strictEqual(k.textures[4].imageOffset, k.textures[2].imageOffset);
    assert.strictEqual(k.textures[4].levels[0].rgba, k.textures[2].levels[0].rgba);
    const clone = structuredClone(k);
    assert.strictEqual(clone.textures[4].levels[0].rgba, clone.textures[2].levels[0].rgba, 'still one array after the clone');
    // mariotree1: CMPR 64 × 256, 4 levels: 8192 + 2048 + 512 + 128 bytes; decoded 64×256 … 8×32.
    const tree = payloadOf('mariotree1').textures[0];
    assert.strictEqual(tree.imageByteLength, 8192 + 2048 + 512 + 128);
    assert.deepStrictEqual(tree.levels.map((l) => [l.width, l.height]), [[64, 256], [32, 128], [16, 64], [8, 32]]);
    assert.strictEqual(tree.minFilter, 5);
  });

  it('the texture budget leaves textures out with a problem', () => {
    const { model, bytes } = modelOf('Kuribo');
    const p = buildModelPayload(model, bytes, { textureBudget: 64 * 128 * 4 * 2 });
    // Textures 0 and 1 fit; 2 does not (4 shares it and is not decoded either).
    assert.deepStrictEqual(p.textures.map((t) => t.levels.length), [1, 1, 0, 0, 0]);
    assert.ok(p.problems.some((x) => /more than 65536 bytes of RGBA/.test(x.message)));
    assert.ok(p.textures[3].problem?.includes('past the texture budget'));
  });

  it('Mogu: DRW1 and EVP1 flattened (§10.13: 21 envelopes, 45 weights, 54 draw matrices)', () => {
    const p = payloadOf('Mogu');
    const { model } = modelOf('Mogu');
    assert.strictEqual(p.drawKinds.length, 54);
    assert.strictEqual(p.envelopes.boneCounts.length, 21);
    assert.strictEqual(p.envelopes.weights.length, 45);
    let at = 0;
    model.envelopes!.envelopes.forEach((e, i) => {
      assert.strictEqual(p.envelopes.boneCounts[i], e.joints.length);
      for (let b = 0; b < e.joints.length; b++, at++) {
        assert.strictEqual(p.envelopes.joints[at], e.joints[b]);
        assert.ok(Math.abs(p.envelopes.weights[at] - e.weights[b]) < 1e-6);
      }
    });
    assert.strictEqual(p.inverseBinds.length, 14 * 12);
    // Bind-pose bounds come from CPU skinning: Mogu stands on y ≈ 0 (lowest vertex −2.56 in this file).
    assert.ok(p.bounds.min[1] > -5 && p.bounds.min[1] < 0 && p.bounds.max[1] > 200);
  });

  describe('the page checks what arrives', () => {
    const broken = (edit: (p: any) => void): ReturnType<typeof unpackModelPayload> => {
      const p = structuredClone(payloadOf('PowerStar')) as any;
      edit(p);
      return unpackModelPayload(p);
    };

    it('not a payload, or another version: nothing', () => {
      assert.strictEqual(unpackModelPayload(null).payload, undefined);
      assert.strictEqual(unpackModelPayload({ kind: 'modelPayload', version: 2 }).payload, undefined);
      assert.match(unpackModelPayload({ kind: 'modelPayload', version: 2 }).problems[0].message, /payload version 2/);
    });

    it('a triangle past the vertex count leaves that shape out, the others stay', () => {
      const r = broken((p) => { p.shapes[0].triangles[7] = 738; });
      assert.strictEqual(r.payload!.shapes[0].vertexCount, 0);
      assert.strictEqual(r.payload!.shapes[1].vertexCount, 316);
      assert.deepStrictEqual(r.problems.map((x) => x.message), ['Shape 0 is not drawn: its triangles use vertex 738, but it has 738.']);
    });

    it('a draw-matrix index past DRW1, positions of the wrong type, an unknown field type', () => {
      assert.match(broken((p) => { p.shapes[2].drawMatrices[0] = 2; }).problems[0].message, /^Shape 2 is not drawn: a vertex uses draw matrix 2, but DRW1 has 2/);
      assert.match(broken((p) => { p.shapes[1].positions = Array.from(p.shapes[1].positions); }).problems[0].message, /^Shape 1 is not drawn: its positions/);
      assert.match(broken((p) => { p.shapes[3].colors = [new Uint8Array(3), null]; }).problems[0].message, /^Shape 3 is not drawn: its colours/);
    });

    it('a malformed material becomes the default material; malformed pixels lose the texture', () => {
      const m = broken((p) => { p.materials[1].tevStages[0].colorIn = [1, 2, 3]; });
      assert.strictEqual(m.payload!.materials[1].name, 'Eye');
      assert.strictEqual(m.payload!.materials[1].tevStageCount, 1);
      assert.strictEqual(m.payload!.materials[1].entryIndex, -1, 'the default material');
      const t = broken((p) => { p.textures[7].levels[0].rgba = new Uint8Array(5); });
      assert.deepStrictEqual(t.payload!.textures[7].levels, []);
      assert.match(t.problems[0].message, /^Texture 7 \("PowerStarNoise"\): its pixels are malformed/);
    });

    it('500 random corruptions: never throws, and what it keeps holds the renderer\'s invariants', () => {
      const rnd = prng(0xC0FFEE);
      const garbage = (): unknown => [null, -1, NaN, 1e12, 'x', [], {}, new Uint8Array(3), new Float64Array(2), 0xFFFF, 3.5, true][Math.floor(rnd() * 12)];
      for (let k = 0; k < 500; k++) {
        const p = structuredClone(payloadOf(k % 2 ? 'PowerStar' : 'Mogu')) as any;
        // Walk to a random field (objects, arrays, typed-array elements) and replace it.
        let parent: any = p, key: string | number = 'shapes';
        for (let depth = 0; depth < 6; depth++) {
          const value = parent[key];
          if (value === null || typeof value !== 'object') break;
          const keys: (string | number)[] = ArrayBuffer.isView(value) ? [Math.floor(rnd() * (value as Uint8Array).length)] : Object.keys(value);
          if (!keys.length || rnd() < 0.2) break;
          parent = value;
          key = keys[Math.floor(rnd() * keys.length)];
        }
        if (ArrayBuffer.isView(parent)) (parent as any)[key] = rnd() < 0.5 ? 0xFFFF : 1e9;
        else parent[key] = garbage();
        const r = unpackModelPayload(p);
        if (!r.payload) { assert.ok(r.problems.length > 0); continue; }
        const q = r.payload;
        for (const s of q.shapes) {
          for (const list of [s.triangles, s.lines, s.points]) for (const i of list) assert.ok(i < s.vertexCount);
          for (const d of s.drawMatrices) assert.ok(d === 0xFFFF || d < q.drawKinds.length);
          assert.strictEqual(s.positions.length, s.vertexCount * 3);
        }
        for (const m of q.materials) assert.ok(isPayloadMaterial(m, q.textures.length));
        for (const t of q.textures) for (const l of t.levels) assert.strictEqual(l.rgba.length, l.width * l.height * 4);
      }
    });

    it('model-wide tables must hold: a DRW1 joint past JNT1 rejects the payload', () => {
      const r = broken((p) => { p.drawIndices[1] = 3; });
      assert.strictEqual(r.payload, undefined);
      assert.match(r.problems[0].message, /draw matrix 1 uses joint 3, but there are 3/);
    });
  });
});
