/**
 * BVA entries ↔ model shapes (FORMATS.md §9.5): each frame the game loops over every SHP1 shape
 * and reads entry i for shape i, with no bounds check. §9.11 item 5: fewer entries than shapes is
 * an error (the game reads past the table), more a warning (the extra entries drive nothing).
 */
import { hex } from '../../../formats/binary/diagnostics';
import type { ModelData } from '../../../formats/model/types';
import type { ModelBindResult } from '../../spec';
import { BindDiagnostics } from '../binding';

/** `countAt`: absolute offset of the VAF1 shape count. */
export function bindShapes(entryCount: number, model: ModelData, countAt: number): ModelBindResult {
  const shapes = model.shapeCount;
  const out = new BindDiagnostics();
  if (!(Number.isInteger(shapes) && shapes >= 0)) {
    return { groupTargets: new Array<string | null>(entryCount).fill(null), diagnostics: out.list };
  }
  if (entryCount < shapes) {
    out.add('error', 'MDL_SHAPE_COUNT', countAt, 2,
      `The animation has ${entryCount} shape entr${entryCount === 1 ? 'y' : 'ies'} (at ${hex(countAt)}) but the model has ${shapes} shapes: the game reads entries ${entryCount}…${shapes - 1} from past the table.`);
  } else if (entryCount > shapes) {
    out.add('warning', 'MDL_SHAPE_COUNT', countAt, 2,
      `The animation has ${entryCount} shape entries (at ${hex(countAt)}) but the model has ${shapes} shape(s): entries ${shapes}…${entryCount - 1} drive nothing.`);
  }
  return {
    // Entry i drives shape i: only the entries past the model's shapes need saying.
    groupTargets: Array.from({ length: entryCount }, (_, i) => (i < shapes ? null : ' → (no model shape)')),
    diagnostics: out.list,
  };
}
