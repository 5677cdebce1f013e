// Occupancy waypoints: 25, 50 and 75 % of the serving budget, each announced once per upward crossing, to the person
// (a notification) and to the agent (one appended message). Falling back below a waypoint (after a commit) re-arms
// it. Pure.

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

export const WAYPOINT_NOTICE_TYPE = "powercontext-fold.waypoint";

/**
 * The agent's waypoint message for the highest waypoint a request crossed: appended once (never inserted into earlier
 * bytes), it says where the commit line is and how to choose what folds there.
 */
export function waypointMessage(notices: readonly OccupancyNotice[], maxTarget: number): string | null {
  const highest = notices.at(-1);
  if (highest === undefined) return null;
  return (
    `[powercontext-fold: the context window passed ${highest.level}% of the serving budget. At ${Math.round(maxTarget * 100)}% ` +
    `one commit folds your pending marks, then the stalest unmarked spans; mark finished work with fold_context ` +
    `{"action":"fold","from":<entry id>,"to":<entry id>} (ids from {"action":"status"}) to choose what folds. Nothing ` +
    `changes before then.]`
  );
}
