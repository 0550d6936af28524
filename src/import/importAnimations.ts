/**
 * The glTF animations chosen → one file each, in memory (what `animscope import` and the VS Code
 * command write): joint animations to BCK (BCA when exported from one), material and shape
 * animations back to their own kind from AnimScope's extras (importTracks.ts), or, without them,
 * from glTF's own material and visibility properties (importPointers.ts). Notes are per
 * animation; an animation the import refuses is an ImportRefused.
 */
import type { ModelData } from '../formats/model/types';
import { FORMAT_LIST } from '../kinds/registry';
import { grouped } from '../formats/binary/text';
import type { GltfAnimationData, GltfData } from './gltfRead';
import { bindJointNodes, importJoints, ImportNote, Tolerances } from './importJoints';
import { importPointers } from './importPointers';
import { hasTrackExtras, importTracks, TRACK_KINDS } from './importTracks';

/** What `--kinds` may name: the registry's J3D kinds (joints to BCK or BCA, the rest from their tracks). */
export const IMPORT_KINDS: readonly string[] = FORMAT_LIST.filter((s) => s.family.id === 'j3d').map((s) => s.id);

export interface ImportOptions {
  fps: number;
  /** Loop mode when the animation's extras do not say. */
  loop: number;
  tolerances: Tolerances;
  kinds: readonly string[];
  byOrder: boolean;
}

export interface ImportedFile {
  /** The file name to write (`Walk.bck`), unique among the results. */
  target: string;
  bytes: Uint8Array;
  /** One line: frames, keys, rotation fraction, largest error. */
  line: string;
}

/** A file name for an animation: its name with characters no file system takes replaced. */
export function fileBase(name: string, index: number): string {
  const base = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_').slice(0, 120);
  return base || `animation${index}`;
}

export function importAnimations(gltf: GltfData, chosen: readonly GltfAnimationData[], model: ModelData, o: ImportOptions,
  note: (animation: string, n: ImportNote) => void): ImportedFile[] {
  const results: ImportedFile[] = [];
  const used = new Set<string>();
  const place = (anim: GltfAnimationData, i: number, ext: string): string => {
    // the export names the second of two same-named animations `Hit.btp`: that is Hit.btp again
    const stem = fileBase(anim.name.endsWith(`.${ext}`) ? anim.name.slice(0, -ext.length - 1) : anim.name, i);
    let base = `${stem}.${ext}`;
    for (let k = 2; used.has(base.toLowerCase()); k++) base = `${stem}.${k}.${ext}`;
    used.add(base.toLowerCase());
    return base;
  };
  chosen.forEach((anim, i) => {
    const format = anim.j3d?.format;
    const loopMode = typeof anim.j3d?.loopMode === 'number' && Number.isInteger(anim.j3d.loopMode) && anim.j3d.loopMode >= 0 && anim.j3d.loopMode <= 255 ? anim.j3d.loopMode : o.loop;
    const errorsOf = (e: Record<string, number>): string => Object.entries(e).map(([unit, x]) => `${x.toPrecision(3)} ${unit}`).join(', ') || 'none';
    const materialKind = !!format && TRACK_KINDS.includes(format);
    // a kind that is not joints comes back from its tracks in AnimScope's extras
    if (materialKind && hasTrackExtras(anim.j3d)) {
      if (!o.kinds.includes(format!)) return;
      const r = importTracks(anim.name, anim.j3d!, model, { loopMode, tolerances: o.tolerances });
      for (const n of r.notes) note(anim.name, n);
      results.push({ target: place(anim, i, format!), bytes: r.bytes, line: `${r.duration} frame(s), ${grouped(r.keyCount)} key(s)/run(s); largest error ${errorsOf(r.maxError)}` });
      return;
    }
    // else from glTF's own material and visibility properties (KHR_animation_pointer)
    const fromPointers = importPointers(gltf, anim, model, { fps: o.fps, loopMode, tolerances: o.tolerances }, (n) => note(anim.name, n));
    for (const r of fromPointers) {
      if (!o.kinds.includes(r.format)) continue;
      results.push({ target: place(anim, i, r.format), bytes: r.bytes, line: `${r.duration} frame(s), ${grouped(r.keyCount)} key(s)/run(s) from glTF pointers; largest error ${errorsOf(r.maxError)}` });
    }
    if (materialKind) {
      if (!fromPointers.length) note(anim.name, { severity: 'warning', code: 'IMPORT_KIND', message: `exported from a ${format!.toUpperCase()} without its tracks in extras.j3d or glTF pointer channels (an older export?): export it again to import it` });
      return;
    }
    if (!anim.channels.length) return;
    const out = format === 'bca' && o.kinds.includes('bca') ? 'bca' : 'bck';
    if (!o.kinds.includes(out)) return;
    const binding = bindJointNodes(model, gltf, new Set(anim.channels.map((c) => c.node)), o.byOrder);
    for (const n of binding.notes) note(anim.name, n);
    const r = importJoints(model, gltf, anim, binding.nodeOf, { fps: o.fps, loopMode, tolerances: o.tolerances, format: out });
    const e = r.maxError;
    results.push({ target: place(anim, i, out), bytes: r.bytes, line: `${r.duration} frame(s), ${grouped(r.keyCount)} ${out === 'bca' ? 'run(s)' : `key(s), rotation fraction ${r.rotationFraction}`}; ` +
      `largest error after quantising ${e.rotation.toPrecision(3)}°, ${e.translation.toPrecision(3)} units, ${e.scale.toPrecision(3)} scale` });
  });
  return results;
}
