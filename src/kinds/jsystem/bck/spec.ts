/** BCK — joint animation (FORMATS.md §2): the host's half on top of the page's (page.ts). */
import { bckJointChannels, bindJoints } from '../../../anim/skeleton';
import { resolvePath } from '../../../formats/binary/fields';
import type { FormatSpec } from '../../spec';
import { j3dSummary, j3dSummaryOfCounts, srtTrackList } from '../family';
import { J3D_FAMILY } from '../j3dFamily';
import { BCK_DECODER, scannedJointCounts } from '../../../formats/jsystem/bck/decode';
import type { BckAnim } from '../../../formats/jsystem/bck/types';
import { packSrtBanks, tableView } from '../../../formats/jsystem/container';
import { BCK_PAGE } from './page';

export const BCK: FormatSpec<BckAnim> = {
  ...BCK_DECODER,
  ...BCK_PAGE,
  family: J3D_FAMILY,
  icon: { codicon: 'person', color: 'charts.blue' },
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
    ...BCK_PAGE.model,
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
  },
  wire: {
    ...BCK_PAGE.wire,
    // Named fields only: reading `joints` would build ~850,000 objects for the largest files. The joint
    // table and the banks go as views of the file's bytes (copies were 4.1 of the worst case's 8.4 MB).
    pack(anim, root, bytes) {
      const { format, loopMode, rotationFraction, duration } = anim;
      return { format, loopMode, rotationFraction, duration, ...packSrtBanks(root, bytes, 'ANK1'), jointTable: tableView(root, bytes, 'ANK1/jointTable') };
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
