/** BCK — joint animation (FORMATS.md §2): the page's half (groups, skeleton, pose, the wire's unpack). */
import { bckJointChannels } from '../../../anim/skeleton';
import { planBck } from '../../../anim/tracks';
import type { PageSpec } from '../../spec';
import { isJ3dCommon, listGroups, moves, srtTrackList } from '../familyPage';
import { unpackSrtBanks } from '../../../formats/jsystem/banks';
import { BCK_JOINT_SIZE, lazyJoints } from '../../../formats/jsystem/bck/joints';
import type { BckAnim } from '../../../formats/jsystem/bck/types';
import { applyBck } from './pose';

export const BCK_PAGE = {
  id: 'bck',
  label: 'BCK',
  title: 'joint animation',
  planTracks: (anim) => planBck(anim),
  groups: listGroups({
    noun: 'Joint', keyPrefix: 'joint', items: (anim) => anim.joints, label: (_anim, i) => `Joint ${i}`, plan: planBck,
    moves: (_anim, j) => moves(srtTrackList([j.x, j.y, j.z])), rowPath: /^ANK1\/jointTable\[(\d+)\]/,
  }),
  preview: { kind: 'none' },
  model: { target: 'joints', purpose: 'name the joints and show the skeleton', joints: bckJointChannels },
  apply: applyBck,
  wire: {
    // The joint table arrives as the file's bytes (spec.ts packs it): the page reads the joints from them.
    unpack(x) {
      if (!isJ3dCommon(x, 'bck') || !(x.jointTable instanceof Uint8Array)) return undefined;
      const banks = unpackSrtBanks(x);
      if (!banks) return undefined;
      const joints = lazyJoints(x.jointTable, Math.floor(x.jointTable.length / BCK_JOINT_SIZE));
      return { format: 'bck', loopMode: x.loopMode, rotationFraction: x.rotationFraction, duration: x.duration, joints, ...banks };
    },
  },
} satisfies PageSpec<BckAnim>;
