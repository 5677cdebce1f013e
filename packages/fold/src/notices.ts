// Occupancy waypoints for the person: 25, 50 and 75 % of the serving budget, each announced once per upward crossing.
// Falling back below a waypoint (after a commit) re-arms it. Pure.

export const OCCUPANCY_WAYPOINTS = [25, 50, 75] as const;

export interface OccupancyNotice {
  /** The waypoint crossed, in percent. */
  level: number;
  text: string;
}

export interface Crossings {
  notices: OccupancyNotice[];
  /** The highest waypoint announced and not fallen below since; pass it back on the next request. */
  announced: number;
}

/** The waypoints crossed upward since `announced`, given this request's occupancy (a share of the serving budget). */
export function occupancyCrossings(announced: number, share: number): Crossings {
  const percent = share * 100;
  const reached = Math.max(0, ...OCCUPANCY_WAYPOINTS.filter((level) => percent >= level));
  if (reached <= announced) return { notices: [], announced: reached };
  const notices = OCCUPANCY_WAYPOINTS.filter((level) => level > announced && level <= reached).map((level) => ({
    level,
    text: `powercontext-fold: the context window passed ${level}% of the serving budget (now ${Math.round(percent)}%)`,
  }));
  return { notices, announced: reached };
}
