/** How a J3D model (BMD/BDL) starts: apart from the decoder, so that detection does not load it. */
import { readFixedString } from '../binary/fields';

export const MODEL_MAGIC = 'J3D2';

/** True when the bytes start like a J3D model (`J3D2` + `bmd?`/`bdl?`). */
export function looksLikeModel(bytes: Uint8Array): boolean {
  return readFixedString(bytes, 0, 4) === MODEL_MAGIC && /^(bmd|bdl)/.test(readFixedString(bytes, 4, 4));
}
