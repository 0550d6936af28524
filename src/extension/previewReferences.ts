/**
 * Files whose curves an editor draws under a document's (LoadedFile.reference): the glTF import's
 * preview registers, for each imported file it opens, the file it would replace, and takes it away
 * when the preview ends. Kept in memory only, by document URI.
 */
import * as vscode from 'vscode';
import { decode } from '../formats/index';
import { animPayload } from '../wire/animPack';
import type { LoadedFile } from '../wire/protocol';

const references = new Map<string, { label: string; name: string; bytes: Uint8Array }>();

/** While the returned disposable lives, `document` is shown over `bytes` (a file `name`, described by `label`). */
export function showOver(document: vscode.Uri, name: string, bytes: Uint8Array, label: string): vscode.Disposable {
  const key = document.toString();
  references.set(key, { label, name, bytes });
  return new vscode.Disposable(() => references.delete(key));
}

/** The reference of `document`, decoded and packed for the page; undefined without one (or when it does not decode as an animation). */
export function referenceOf(document: vscode.Uri): LoadedFile['reference'] {
  const ref = references.get(document.toString());
  if (!ref) return undefined;
  const decoded = decode(ref.bytes, ref.name);
  const anim = animPayload(decoded.anim, decoded.root, decoded.bytes);
  return anim ? { label: ref.label, anim } : undefined;
}
