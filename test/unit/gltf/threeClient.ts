/**
 * Loads a GLB with three.js's own GLTFLoader in node (textures become 1×1 stand-ins: node has no
 * image decoder, and only geometry, skin and animation are compared) and poses it at a time.
 */
// three is ESM only; tests compile to CommonJS, whose `import()` would become `require`.
const importEsm = new Function('s', 'return import(s)') as (s: string) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ThreePose {
  /** 12 per JNT1 joint (3×4 row-major), from the joint nodes' matrixWorld. */
  world: Float64Array;
  /** Every vertex of every skinned mesh in world space, 3 each. */
  vertices: Float32Array;
}

export interface ThreeModel {
  jointCount: number;
  animationNames: string[];
  /** null: the rest pose (node TRS as stored). */
  pose(animation: string | null, seconds: number): ThreePose;
}

export async function loadWithThree(glb: Uint8Array): Promise<ThreeModel> {
  const g = globalThis as Record<string, unknown>;
  g.self ??= globalThis;
  g.createImageBitmap ??= async () => ({ width: 1, height: 1, close() { /* nothing held */ } });
  const THREE = await importEsm('three');
  const { GLTFLoader } = await importEsm('three/examples/jsm/loaders/GLTFLoader.js');
  const copy = glb.slice().buffer;
  const gltf = await new GLTFLoader().parseAsync(copy, '');
  const scene = gltf.scene;
  const byNode = new Map<number, any>(); // eslint-disable-line @typescript-eslint/no-explicit-any
  const meshes: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  scene.traverse((o: any) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const a = gltf.parser.associations.get(o);
    if (a && a.nodes !== undefined && !o.isSkinnedMesh && !byNode.has(a.nodes)) byNode.set(a.nodes, o);
    if (o.isSkinnedMesh) meshes.push(o);
  });
  const jointCount = gltf.parser.json.skins?.[0]?.joints.length ?? 0;
  const joints = (gltf.parser.json.skins?.[0]?.joints ?? []).map((n: number) => byNode.get(n));
  const mixer = new THREE.AnimationMixer(scene);
  const v = new THREE.Vector3();
  return {
    jointCount,
    animationNames: gltf.animations.map((c: { name: string }) => c.name),
    pose(animation: string | null, seconds: number): ThreePose {
      mixer.stopAllAction();
      if (animation !== null) {
        const clip = gltf.animations.find((c: { name: string }) => c.name === animation);
        if (!clip) throw new Error(`three.js has no animation ${animation}`);
        const action = mixer.clipAction(clip);
        action.setLoop(THREE.LoopOnce, 1);
        action.clampWhenFinished = true;
        action.reset().play();
        mixer.setTime(Math.min(seconds, clip.duration));
      }
      scene.updateMatrixWorld(true);
      const world = new Float64Array(joints.length * 12);
      joints.forEach((node: any, j: number) => { // eslint-disable-line @typescript-eslint/no-explicit-any
        const e = node.matrixWorld.elements; // column-major
        for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) world[j * 12 + r * 4 + c] = e[c * 4 + r];
      });
      const out: number[] = [];
      for (const m of meshes) {
        const count = m.geometry.attributes.position.count;
        for (let i = 0; i < count; i++) {
          m.getVertexPosition(i, v);
          v.applyMatrix4(m.matrixWorld);
          out.push(v.x, v.y, v.z);
        }
      }
      return { world, vertices: Float32Array.from(out) };
    },
  };
}
