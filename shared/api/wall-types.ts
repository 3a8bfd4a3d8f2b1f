// The video wall config (SPEC §3 "Video wall config", §9): custom data key videoWallConfig whose
// value is a JSON string of slots.

export const WALL_CONFIG_KEY = 'videoWallConfig';
/** SPEC §9 "Video wall panes". */
export const WALL_PANES = 4;

export type PaneNumber = 1 | 2 | 3 | 4;

/** One filled pane as stored. `name` is the camera name plus its group path. */
export interface WallSlot {
  id: number;
  name: string;
  label: string;
  type: PaneNumber;
  params: { disableYunControl: boolean };
}
