/** The benchmarks' shared inputs: the real J3D animation files of the samples, by the registry's patterns. */
import { J3D_FAMILY } from '../src/kinds/jsystem/j3dFamily';
import { specOfName } from '../src/kinds/registry';
import { realFiles } from '../test/unit/helpers';

/** Every real J3D animation of ../shared/samples (loose and inside archives). */
export function realJ3dAnimations(): { name: string; bytes: Uint8Array }[] {
  return realFiles().filter((f) => specOfName(f.name)?.family === J3D_FAMILY);
}
