/** Curve view, groups and the wired-up panel (Player + CurveView + preview). */
export { CurveView, MOTN_INTERPOLATION_NOTE } from './curveView';
export type { CurveViewOptions, CurveViewRange, CurveGroupInput } from './curveView';
export { CurvePanel } from './panel';
export type { CurvePanelOptions, CurvePanelState, FrameTimes } from './panel';
export { describeGroup, groupCount, groupDuration, groupKey, groupLoopMode, listGroups, parseGroupKey } from './groups';
export type { GroupInfo, GroupKind, GroupRef } from './groups';
export { readThemeColors, watchTheme, axisColorRole } from './theme';
