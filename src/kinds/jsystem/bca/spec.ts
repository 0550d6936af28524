/** BCA — full joint animation (FORMATS.md §9.2): the host's half on top of the page's (page.ts). */
import { bindJoints } from '../../../anim/skeleton';
import type { FormatSpec } from '../../spec';
import { packSrtBanks, tableView } from '../../../formats/jsystem/container';
import { FULL_TRACK_SCHEMA, fullSrtTrackList, j3dFullSummary } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { BCA_DECODER } from '../../../formats/jsystem/bca/decode';
import { bcaJointChannels } from './plan';
import type { BcaAnim } from '../../../formats/jsystem/bca/types';
import { BCA_PAGE } from './page';

const FULL_SRT_SCHEMA = {
  type: 'object', required: ['scale', 'rotation', 'translation'],
  properties: { scale: FULL_TRACK_SCHEMA, rotation: FULL_TRACK_SCHEMA, translation: FULL_TRACK_SCHEMA },
};

export const BCA: FormatSpec<BcaAnim> = {
  ...BCA_DECODER,
  ...BCA_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'run', color: 'charts.blue' },
  summarize: (anim) => j3dFullSummary(anim, anim.joints.flatMap((j) => fullSrtTrackList([j.x, j.y, j.z])), [['joints', anim.joints.length]], {
    counts: [['scale bank', anim.scaleBank.length], ['rotation bank', anim.rotationBank.length], ['translation bank', anim.translationBank.length]],
  }),
  model: {
    ...BCA_PAGE.model,
    bind(anim, model, root) {
      const chunk = root.children?.find((c) => c.name === 'ANF1');
      const bound = bindJoints(model, bcaJointChannels(anim), { jointCountOffset: (chunk?.offset ?? 0x20) + 0x0C });
      return {
        jointNames: bound.jointNames,
        groupTargets: bound.jointNames.map((name) => (name ? ` · ${name}` : ' · (no model joint)')),
        diagnostics: bound.diagnostics,
      };
    },
  },
  wire: {
    ...BCA_PAGE.wire,
    // The joint table and the banks as views of the file's bytes (tableView, packSrtBanks); reading
    // `joints` would build ~850,000 objects for the largest files.
    pack(anim, root, bytes) {
      const { format, loopMode, rotationFraction, duration } = anim;
      return { format, loopMode, rotationFraction, duration, ...packSrtBanks(root, bytes, 'ANF1'), jointTable: tableView(root, bytes, 'ANF1/jointTable') };
    },
  },
  samplePaths: ['`joints/{i}/{scale|rotation|translation}/{x|y|z}` (as BCK; rotation in degrees = raw · 180 / 32768, never shifted)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['joints', 'scaleBank', 'rotationBank', 'translationBank'],
    properties: {
      format: { const: 'bca' },
      joints: { type: 'array', items: { type: 'object', required: ['x', 'y', 'z'], properties: { x: FULL_SRT_SCHEMA, y: FULL_SRT_SCHEMA, z: FULL_SRT_SCHEMA } } },
      scaleBank: { $ref: '#/definitions/numbers' },
      rotationBank: { $ref: '#/definitions/numbers' },
      translationBank: { $ref: '#/definitions/numbers' },
    },
  },
};
