/** BCK — joint animation (FORMATS.md §2): everything the product knows of the format. */
import { bckJointChannels, bindJoints } from '../../../anim/skeleton';
import { planBck } from '../../../anim/tracks';
import { resolvePath } from '../../binary/fields';
import type { FormatSpec } from '../../spec';
import { isJ3dCommon, listGroups, J3D_FAMILY, j3dMagic, j3dPatterns, j3dSummary, j3dSummaryOfCounts, moves, srtTrackList } from '../family';
import { BCK_CODES, BCK_JOINT_SIZE, decodeBck, readJoints, scannedJointCounts } from './decode';
import type { BckAnim } from './types';
import { packSrtBanks, tableView, unpackSrtBanks } from '../container';
import { applyBck } from './pose';

export const BCK: FormatSpec<BckAnim> = {
  id: 'bck',
  label: 'BCK',
  title: 'joint animation',
  family: J3D_FAMILY,
  magic: j3dMagic('bck1'),
  filePatterns: j3dPatterns('bck'),
  decode: decodeBck,
  codes: BCK_CODES,
  icon: { codicon: 'person', color: 'charts.blue' },
  planTracks: (anim) => planBck(anim),
  groups: listGroups({
    noun: 'Joint', keyPrefix: 'joint', items: (anim) => anim.joints, label: (_anim, i) => `Joint ${i}`, plan: planBck,
    moves: (_anim, j) => moves(srtTrackList([j.x, j.y, j.z])), rowPath: /^ANK1\/jointTable\[(\d+)\]/,
  }),
  preview: { kind: 'none' },
  summarize: (anim) => {
    const extra = {
      rotationFraction: anim.rotationFraction,
      counts: [['scale bank', anim.scaleBank.length], ['rotation bank', anim.rotationBank.length], ['translation bank', anim.translationBank.length]] as [string, number][],
    };
    // Counted by the decoder while it checked the table: the joint objects are not built for it.
    const scanned = scannedJointCounts(anim);
    if (scanned) return j3dSummaryOfCounts(anim, scanned, [['joints', scanned.tracks / 9]], extra);
    return j3dSummary(anim, anim.joints.flatMap((j) => srtTrackList([j.x, j.y, j.z])), [['joints', anim.joints.length]], extra);
  },
  model: {
    target: 'joints',
    purpose: 'name the joints and show the skeleton',
    bind(anim, model, root, bytes) {
      const node = resolvePath(root, 'ANK1/jointCount', bytes);
      const chunk = root.children?.find((c) => c.name === 'ANK1');
      const jointCountOffset = node ? node.offset : chunk ? chunk.offset + 0x0C : undefined;
      const bound = bindJoints(model, bckJointChannels(anim), { jointCountOffset });
      return {
        jointNames: bound.jointNames,
        groupTargets: bound.jointNames.map((name) => (name ? ` · ${name}` : ' · (no model joint)')),
        diagnostics: bound.diagnostics,
      };
    },
    joints: bckJointChannels,
  },
  apply: applyBck,
  wire: {
    // Named fields only: reading `joints` would build ~850,000 objects for the largest files. The joint
    // table and the banks go as views of the file's bytes (copies were 4.1 of the worst case's 8.4 MB).
    pack(anim, root, bytes) {
      const { format, loopMode, rotationFraction, duration } = anim;
      return { format, loopMode, rotationFraction, duration, ...packSrtBanks(root, bytes, 'ANK1'), jointTable: tableView(root, bytes, 'ANK1/jointTable') };
    },
    unpack(x) {
      if (!isJ3dCommon(x, 'bck') || !(x.jointTable instanceof Uint8Array)) return undefined;
      const banks = unpackSrtBanks(x);
      if (!banks) return undefined;
      const joints = readJoints(x.jointTable, Math.floor(x.jointTable.length / BCK_JOINT_SIZE));
      return { format: 'bck', loopMode: x.loopMode, rotationFraction: x.rotationFraction, duration: x.duration, joints, ...banks };
    },
  },
  samplePaths: ['`joints/{i}/{scale|rotation|translation}/{x|y|z}` (rotation in degrees)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['joints', 'scaleBank', 'rotationBank', 'translationBank'],
    properties: {
      format: { const: 'bck' },
      joints: {
        type: 'array',
        items: { type: 'object', required: ['x', 'y', 'z'], properties: { x: { $ref: '#/definitions/srt' }, y: { $ref: '#/definitions/srt' }, z: { $ref: '#/definitions/srt' } } },
      },
      scaleBank: { $ref: '#/definitions/numbers' },
      rotationBank: { $ref: '#/definitions/numbers' },
      translationBank: { $ref: '#/definitions/numbers' },
    },
  },
};
