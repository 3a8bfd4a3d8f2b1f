// What the bell and the badge show for a count (SPEC §9): up to the cap, then 'cap+'.

/** The bell shows up to the list cap ('20000+' beyond, like the list total): shared/api/resource.ts TOTAL_CAP. */
/** The background-task badge shows up to 99. */
export const PROGRESS_BADGE_CAP = 99;

export function formatCount(count: number, cap: number): string {
  if (!Number.isFinite(count) || count <= 0) return '0';
  const whole = Math.floor(count);
  return whole > cap ? `${cap}+` : String(whole);
}
