/** Curve view, groups and the wired-up panel (Player + CurveView + preview). */
export { CurveView } from './curveView';
export type { CurveViewOptions, CurveViewRange, CurveGroupInput } from './curveView';
export { CurvePanel } from './panel';
export type { CurvePanelOptions, CurvePanelState, FrameTimes } from './panel';
export { groupCount, groupIndex, listGroups } from './groups';
export type { GroupInfo } from './groups';
export { readThemeColors, watchTheme, axisColorRole } from './theme';
