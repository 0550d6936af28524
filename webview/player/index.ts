export { Player, browserClock, LOOP_MODE_OPTIONS } from './player';
export type { PlayerClock, PlayerOptions, PlayerState } from './player';
