/** BCA — full joint animation (FORMATS.md §9.2): the page's half (groups, skeleton, pose, the wire's unpack). */
import type { PageSpec } from '../../spec';
import { unpackSrtBanks } from '../../../formats/jsystem/banks';
import { fullSrtTrackList, isJ3dCommon, listGroups, movesFull } from '../familyPage';
import { bcaJoints } from '../../../formats/jsystem/bca/joints';
import { bcaJointChannels, planBca } from './plan';
import type { BcaAnim } from '../../../formats/jsystem/bca/types';
import { applyBca } from './pose';

export const BCA_PAGE = {
  id: 'bca',
  label: 'BCA',
  title: 'full joint animation',
  planTracks: (anim) => planBca(anim),
  groups: listGroups({
    noun: 'Joint', keyPrefix: 'joint', items: (anim) => anim.joints, label: (_anim, i) => `Joint ${i}`, plan: planBca,
    moves: (_anim, j) => movesFull(fullSrtTrackList([j.x, j.y, j.z])), rowPath: /^ANF1\/jointTable\[(\d+)\]/,
  }),
  preview: { kind: 'none' },
  model: { target: 'joints', purpose: 'name the joints and show the skeleton', joints: bcaJointChannels },
  apply: applyBca,
  wire: {
    // The joint table arrives as the file's bytes (spec.ts packs it): the page reads the joints from them.
    unpack(x) {
      if (!isJ3dCommon(x, 'bca') || !(x.jointTable instanceof Uint8Array)) return undefined;
      const banks = unpackSrtBanks(x);
      if (!banks) return undefined;
      return { format: 'bca', loopMode: x.loopMode, rotationFraction: x.rotationFraction, duration: x.duration, joints: bcaJoints(x.jointTable), ...banks };
    },
  },
} satisfies PageSpec<BcaAnim>;
