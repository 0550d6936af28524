/** BCA — full joint animation (FORMATS.md §9.2): everything the product knows of the format. */
import { bindJoints } from '../../../anim/skeleton';
import type { FormatSpec } from '../../spec';
import { packSrtBanks, tableView, unpackSrtBanks } from '../container';
import { FULL_TRACK_SCHEMA, fullSrtTrackList, isJ3dCommon, J3D_FAMILY, j3dFullSummary, j3dMagic, j3dPatterns, listGroups, movesFull } from '../family';
import { BCA_CODES, bcaJoints, decodeBca } from './decode';
import { bcaJointChannels, planBca } from './plan';
import type { BcaAnim } from './types';
import { applyBca } from './pose';

const FULL_SRT_SCHEMA = {
  type: 'object', required: ['scale', 'rotation', 'translation'],
  properties: { scale: FULL_TRACK_SCHEMA, rotation: FULL_TRACK_SCHEMA, translation: FULL_TRACK_SCHEMA },
};

export const BCA: FormatSpec<BcaAnim> = {
  id: 'bca',
  label: 'BCA',
  title: 'full joint animation',
  family: J3D_FAMILY,
  magic: j3dMagic('bca1'),
  filePatterns: j3dPatterns('bca'),
  decode: decodeBca,
  codes: BCA_CODES,
  icon: { codicon: 'run', color: 'charts.blue' },
  planTracks: (anim) => planBca(anim),
  groups: listGroups({
    noun: 'Joint', keyPrefix: 'joint', items: (anim) => anim.joints, label: (_anim, i) => `Joint ${i}`, plan: planBca,
    moves: (_anim, j) => movesFull(fullSrtTrackList([j.x, j.y, j.z])), rowPath: /^ANF1\/jointTable\[(\d+)\]/,
  }),
  preview: { kind: 'none' },
  summarize: (anim) => j3dFullSummary(anim, anim.joints.flatMap((j) => fullSrtTrackList([j.x, j.y, j.z])), [['joints', anim.joints.length]], {
    counts: [['scale bank', anim.scaleBank.length], ['rotation bank', anim.rotationBank.length], ['translation bank', anim.translationBank.length]],
  }),
  model: {
    target: 'joints',
    purpose: 'name the joints and show the skeleton',
    bind(anim, model, root) {
      const chunk = root.children?.find((c) => c.name === 'ANF1');
      const bound = bindJoints(model, bcaJointChannels(anim), { jointCountOffset: (chunk?.offset ?? 0x20) + 0x0C });
      return {
        jointNames: bound.jointNames,
        groupTargets: bound.jointNames.map((name) => (name ? ` · ${name}` : ' · (no model joint)')),
        diagnostics: bound.diagnostics,
      };
    },
    joints: bcaJointChannels,
  },
  apply: applyBca,
  wire: {
    // The joint table and the banks as views of the file's bytes (tableView, packSrtBanks); reading
    // `joints` would build ~850,000 objects for the largest files.
    pack(anim, root, bytes) {
      const { format, loopMode, rotationFraction, duration } = anim;
      return { format, loopMode, rotationFraction, duration, ...packSrtBanks(root, bytes, 'ANF1'), jointTable: tableView(root, bytes, 'ANF1/jointTable') };
    },
    unpack(x) {
      if (!isJ3dCommon(x, 'bca') || !(x.jointTable instanceof Uint8Array)) return undefined;
      const banks = unpackSrtBanks(x);
      if (!banks) return undefined;
      return { format: 'bca', loopMode: x.loopMode, rotationFraction: x.rotationFraction, duration: x.duration, joints: bcaJoints(x.jointTable), ...banks };
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
