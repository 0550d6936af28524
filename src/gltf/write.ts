/**
 * Writes a glTF Document as `.glb` (one file) or `.gltf` (JSON + `.bin` + PNGs beside it). Every
 * file goes to a temporary sibling first and is renamed at the end; a failure or a cancel removes
 * the temporaries and leaves the targets as they were.
 */
import { promises as fsp } from 'fs';
import * as path from 'path';
import { Document, WebIO } from '@gltf-transform/core';
import { KHRTextureTransform } from '@gltf-transform/extensions';
import { partialPath, WriteCancelled } from '../export/chunkedFile';
import { KHRAnimationPointer, KHRNodeVisibility } from './pointerExtensions';
import { flavourOf } from './names';

/**
 * Only the writers are used, which need no file system: WebIO, because NodeIO's constructor loads
 * `fs` with a dynamic import(), which the CLI's code-cached bundle (bin/animscope.js, vm.Script)
 * cannot run.
 */
export function gltfIO(): WebIO {
  return new WebIO().registerExtensions([KHRTextureTransform, KHRAnimationPointer, KHRNodeVisibility]);
}

/** The files of the export: name (relative to the target's folder) → bytes. */
export async function gltfFiles(doc: Document, target: string): Promise<Map<string, Uint8Array>> {
  const io = gltfIO();
  const files = new Map<string, Uint8Array>();
  if (flavourOf(target) === 'glb') {
    files.set(path.basename(target), await io.writeBinary(doc));
    return files;
  }
  const basename = path.basename(target, path.extname(target));
  const { json, resources } = await io.writeJSON(doc, { format: 'GLTF' as never, basename });
  files.set(path.basename(target), new TextEncoder().encode(JSON.stringify(json, null, 1) + '\n'));
  for (const [uri, data] of Object.entries(resources)) files.set(uri, data);
  return files;
}

/** Writes every file (temporary + rename); returns the paths written. */
export async function writeGltf(doc: Document, target: string, cancelled?: () => boolean): Promise<string[]> {
  const files = await gltfFiles(doc, target);
  const dir = path.dirname(target);
  const staged: [string, string][] = [];
  try {
    for (const [name, data] of files) {
      if (cancelled?.()) throw new WriteCancelled(target);
      const final = path.join(dir, path.basename(name));
      const partial = partialPath(final);
      staged.push([partial, final]);
      await fsp.writeFile(partial, data, { flag: 'wx' });
    }
    if (cancelled?.()) throw new WriteCancelled(target);
    for (const [partial, final] of staged) await fsp.rename(partial, final);
    return staged.map(([, f]) => f);
  } catch (e) {
    await Promise.all(staged.map(([p]) => fsp.rm(p, { force: true }).catch(() => undefined)));
    throw e;
  }
}
