/**
 * Whether a decoded file can be edited at all, and its keys: what the file itself allows. The host
 * adds what the place allows (a read-only file system, an untrusted workspace, an archive entry).
 */
import type { DecodedFile } from '../formats/types';
import { keyWriterFor } from './keyWriters';

export interface Editability {
  editable: boolean;
  /** Why not (editable false), or why key edits are not offered (keyEdits false). */
  reason?: string;
  keyEdits: boolean;
}

export function fileEditability(decoded: DecodedFile): Editability {
  if (!decoded.anim) {
    return { editable: false, keyEdits: false, reason: decoded.format === 'model' ? 'Models are shown, not edited.' : 'Only animations that decode can be edited.' };
  }
  if (!keyWriterFor(decoded.format)) {
    return { editable: true, keyEdits: false, reason: `Keys of ${decoded.format.toUpperCase()} files cannot be written yet: edit values in the structure tree.` };
  }
  if (decoded.diagnostics.some((d) => d.severity === 'error')) {
    // a rebuild from the keys would drop what the decoder could not read
    return { editable: true, keyEdits: false, reason: 'The file has errors: keys are not rebuilt from it (values in the structure tree can be edited in place).' };
  }
  return { editable: true, keyEdits: true };
}
