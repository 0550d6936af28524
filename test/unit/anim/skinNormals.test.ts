/**
 * skinShape (src/anim/pose.ts, `animscope pose`) turns normals by the inverse transpose of the draw
 * matrix's 3×3: a rotation turns a normal like a position, a mirror mirrors it, a non-uniform scale
 * keeps it perpendicular to the surface. (Round 1 turned normals by the inverse rotation.)
 */
import { strict as assert } from 'assert';
import { skinShape } from '../../../src/anim/pose';
import type { ModelShape } from '../../../src/formats/model/types';

/** One vertex at `p` with normal `n`, drawn with DRW1 entry 0. */
function shapeOf(p: number[], n: number[]): ModelShape {
  return {
    vertexCount: 1, positions: new Float32Array(p), normals: new Float32Array(n),
    drawMatrices: new Uint16Array([0]),
  } as unknown as ModelShape;
}

/** A 3×4 row-major draw matrix (what skinShape reads: 12 numbers per DRW1 entry). */
const draw = (rows: number[][]): Float64Array => new Float64Array(rows.flat());

function near(actual: ArrayLike<number>, expected: number[], what: string): void {
  for (let i = 0; i < 3; i++) assert.ok(Math.abs(actual[i] - expected[i]) < 1e-6, `${what}: got (${Array.from(actual).map((x) => x.toFixed(4))}), expected (${expected.map((x) => x.toFixed(4))})`);
}

describe('skinShape normals', () => {
  it('a rotation of 0.5 rad about z turns the normal (1,0,0) like the position: (cos 0.5, sin 0.5, 0)', () => {
    const c = Math.cos(0.5), s = Math.sin(0.5); // 0.8776, 0.4794
    const posed = skinShape(shapeOf([1, 0, 0], [1, 0, 0]), draw([[c, -s, 0, 0], [s, c, 0, 0], [0, 0, 1, 0]]));
    near(posed.positions, [c, s, 0], 'position');
    near(posed.normals!, [c, s, 0], 'normal');
  });

  it('a mirror in x (determinant −1) mirrors the normal: (1,0,0) → (−1,0,0)', () => {
    const posed = skinShape(shapeOf([1, 0, 0], [1, 0, 0]), draw([[-1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]]));
    near(posed.normals!, [-1, 0, 0], 'normal');
  });

  it('a scale of 2 in x with a rotation keeps the normal of the plane x + y = 0 perpendicular to it', () => {
    // M = R(0.5 about z) · diag(2, 1, 1). The plane's tangent (1,−1,0) goes to M·t; the normal (1,1,0)/√2
    // must stay perpendicular to it: M^-T n (the inverse rotation would not be).
    const c = Math.cos(0.5), s = Math.sin(0.5);
    const m = [[2 * c, -s, 0], [2 * s, c, 0], [0, 0, 1]];
    const posed = skinShape(shapeOf([0, 0, 0], [Math.SQRT1_2, Math.SQRT1_2, 0]), draw(m.map((r) => [...r, 0])));
    const t = [m[0][0] - m[0][1], m[1][0] - m[1][1], 0];
    const n = posed.normals!;
    assert.ok(Math.abs(n[0] * t[0] + n[1] * t[1]) < 1e-6, `normal (${Array.from(n)}) is perpendicular to the posed tangent (${t})`);
    // M^-T = R · diag(1/2, 1, 1): n → (1/2, 1, 0) normalised = (1, 2, 0)/√5, turned by 0.5 rad
    const [u, v] = [1 / Math.sqrt(5), 2 / Math.sqrt(5)];
    near(n, [c * u - s * v, s * u + c * v, 0], 'normal');
  });
});
