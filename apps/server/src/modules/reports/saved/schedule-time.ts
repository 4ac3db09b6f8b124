import { shiftDays, todayIn, type ReportDay, type ScheduleFrequency } from '@pc/contracts';

/** Scheduled reports go out at this local hour of the reporting time zone (yesterday is in by then). */
export const SEND_HOUR = 6;

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of `hour`:00 on `day` in `timeZone` (checked twice, so a DST change that day is met). */
export function zonedTime(day: ReportDay, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  let instant = wall - offsetMs(wall, timeZone);
  instant = wall - offsetMs(instant, timeZone);
  return new Date(instant);
}

const isMonday = (day: ReportDay) => new Date(`${day}T12:00:00Z`).getUTCDay() === 1;

/** daily: every day; weekly: Mondays (last week is whole); monthly: the 1st (last month is whole). */
function matches(frequency: ScheduleFrequency, day: ReportDay): boolean {
  if (frequency === 'weekly') return isMonday(day);
  if (frequency === 'monthly') return day.endsWith('-01');
  return true;
}

/** The first send time strictly after `after`, at SEND_HOUR local time in the reporting zone. */
export function nextRunAfter(frequency: ScheduleFrequency, after: Date, timeZone: string): Date {
  const today = todayIn(timeZone, after);
  for (let i = -1; i < 40; i += 1) {
    const day = shiftDays(today, i);
    if (!matches(frequency, day)) continue;
    const at = zonedTime(day, SEND_HOUR, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('No send time within 40 days.');
}
