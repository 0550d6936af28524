/** Curve view, groups and the Player + CurveView pair. */
export { CurveView } from './curveView';
export type { CurveViewOptions, CurveViewRange, CurveGroupInput } from './curveView';
export { PlayerCurves } from './playerCurves';
export type { PlayerCurvesOptions, PlayerCurvesState, FrameTimes } from './playerCurves';
export { groupCount, groupIndex, listGroups, modelGroupLabel, partsOf } from './groups';
export type { GroupInfo, TrackPart } from './groups';
export { readThemeColors, watchTheme, axisColorRole } from './theme';
