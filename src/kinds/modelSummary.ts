/** A model's summary facts: what `animscope info` prints and the editor shows for a BMD/BDL. */
import { plural } from '../formats/binary/text';
import type { FormatSummary } from './spec';
import type { ModelData } from '../formats/model/types';

const SCALING_RULES = ['basic', 'softimage', 'maya'];

export function summarizeModel(model: ModelData): FormatSummary {
  const triangles = model.shapes.reduce((n, s) => n + s.triangles.length / 3, 0);
  const streamVertices = model.shapes.reduce((n, s) => n + s.vertexCount, 0);
  return {
    counts: [
      ['joints', model.joints.length], ['shapes', model.shapes.length], ['vertices', model.vertexCount],
      ['display-list vertices', streamVertices], ['triangles', triangles], ['materials', model.materials.length],
      ['textures', model.textures.length], ['envelopes', model.envelopes?.envelopes.length ?? 0],
    ],
    names: [...model.joints.map((j) => j.name), ...model.materials],
    headline: [model.type, plural(model.joints.length, 'joint'), plural(model.shapes.length, 'shape'), plural(model.textures.length, 'texture'),
      `${SCALING_RULES[model.scalingRule] ?? `rule ${model.scalingRule}`} scaling`],
  };
}
