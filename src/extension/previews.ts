/**
 * Documents shown as a preview (the glTF import's): the page starts playing them at once, and draws
 * under their curves the file they would replace (LoadedFile.play, LoadedFile.reference). The
 * import registers each file it opens and takes it away when the preview ends. In memory only, by
 * document URI.
 */
import * as vscode from 'vscode';
import { decode } from '../formats/index';
import { animPayload } from '../wire/animPack';
import type { LoadedFile } from '../wire/protocol';

interface Preview {
  reference?: { label: string; name: string; bytes: Uint8Array };
  /** The reference decoded and packed, once (a preview reloads after each edit). */
  packed?: LoadedFile['reference'] | null;
}

const previews = new Map<string, Preview>();

/**
 * While the returned disposable lives, `document` is a preview; `reference`: the file (`name`,
 * described by `label`) whose curves are drawn under its own.
 */
export function startPreview(document: vscode.Uri, reference?: { name: string; bytes: Uint8Array; label: string }): vscode.Disposable {
  const key = document.toString();
  previews.set(key, reference ? { reference } : {});
  return new vscode.Disposable(() => previews.delete(key));
}

/** What a preview's load carries: play, and the reference decoded and packed for the page (left out when it does not decode as an animation). */
export function previewOf(document: vscode.Uri): Pick<LoadedFile, 'play' | 'reference'> {
  const preview = previews.get(document.toString());
  if (!preview) return {};
  const ref = preview.reference;
  if (ref && preview.packed === undefined) {
    const decoded = decode(ref.bytes, ref.name);
    const anim = animPayload(decoded.anim, decoded.root, decoded.bytes);
    preview.packed = anim ? { label: ref.label, anim } : null;
  }
  return { play: true, ...(preview.packed ? { reference: preview.packed } : {}) };
}
