// WordPress keeps two clocks per post: `date` in the site's timezone (here Europe/Rome, as FC's
// WordPress is configured) and `date_gmt` in UTC. The demo stores local times and derives GMT with
// the EU summer-time rule, so the pair is always consistent.

/** "YYYY-MM-DDTHH:mm:ss" read as a wall-clock time (no zone), in milliseconds. */
export function wallClock(local: string): number {
  return Date.parse(`${local.slice(0, 19)}Z`);
}

export function formatWallClock(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

export function addMinutes(local: string, minutes: number): string {
  return formatWallClock(wallClock(local) + minutes * 60_000);
}

export function addDays(local: string, days: number): string {
  return addMinutes(local, days * 24 * 60);
}

/** Last Sunday of a month at 01:00 UTC: when EU summer time starts (March) and ends (October). */
function lastSundayUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.getTime();
}

/** Offset of Europe/Rome from UTC, in hours, at a UTC instant. */
export function romeOffsetAt(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  return utcMs >= lastSundayUtc(year, 2) && utcMs < lastSundayUtc(year, 9) ? 2 : 1;
}

export function localToGmt(local: string): string {
  const guess = wallClock(local) - 3_600_000;
  const offset = romeOffsetAt(guess);
  return formatWallClock(wallClock(local) - offset * 3_600_000);
}

export function gmtToLocal(utcMs: number): string {
  return formatWallClock(utcMs + romeOffsetAt(utcMs) * 3_600_000);
}

/** The site's local time now. */
export function nowLocal(): string {
  return gmtToLocal(Date.now());
}
