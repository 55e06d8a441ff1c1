// Dates in the browser's time zone, in the few patterns the spec shows ('Do MMM YYYY, h:mm A' in
// the tables, 'h A', 'D MMM' and 'MMM YYYY' on the charts' axes, 'YYYY-MM-DD' in date inputs and
// 'YYYY-MM-DDTHH:mm' in date-time inputs).
// The platform's Date does the calendar work; a date library cost every list screen ~3 kB of its
// first load for these five patterns.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

const TOKENS = /YYYY|MMM|MM|DD|Do|D|HH|h|mm|A/g;

/** `date` in the local time zone by a pattern of YYYY, MMM, MM, DD, Do, D, HH, h, mm and A. */
export function formatLocal(date: Date, pattern: string): string {
  const hours = date.getHours();
  return pattern.replace(TOKENS, (token) => {
    switch (token) {
      case 'YYYY': return String(date.getFullYear());
      case 'MMM': return MONTHS[date.getMonth()]!;
      case 'MM': return pad(date.getMonth() + 1);
      case 'DD': return pad(date.getDate());
      case 'Do': return ordinal(date.getDate());
      case 'D': return String(date.getDate());
      case 'HH': return pad(hours);
      case 'h': return String(hours % 12 === 0 ? 12 : hours % 12);
      case 'mm': return pad(date.getMinutes());
      default: return hours < 12 ? 'AM' : 'PM';
    }
  });
}

// A date and time without a zone ('2026-11-27', '2026-11-27 10:30', '2026-11-27T10:30:00.5') is
// local time; anything else (with Z or an offset) is read by Date.
const LOCAL_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt\s]+(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d+))?)?)?$/;

/** A timestamp (ms) or a date string as a Date; undefined when it is not a valid date. */
export function toDate(value: number | string | Date): Date | undefined {
  let date: Date;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === 'number') date = new Date(value);
  else {
    const local = LOCAL_DATE_TIME.exec(value);
    if (local) {
      const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '0'] = local;
      date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(fraction.slice(0, 3).padEnd(3, '0')));
      // 2026-02-31 is not a day: Date would roll it over to March.
      if (date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d)) return undefined;
    } else date = new Date(value);
  }
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 'YYYY-MM-DD' of a local day, as date inputs hold it. */
export const dayString = (date: Date): string => formatLocal(date, 'YYYY-MM-DD');

/** The local day 'YYYY-MM-DD' names, at its start; undefined for anything else. */
export function parseDay(text: string): Date | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? toDate(text) : undefined;
}

export const startOfDay = (date: Date): Date => new Date(date.getFullYear(), date.getMonth(), date.getDate());
export const endOfDay = (date: Date): Date => new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);

/** The same local time `days` calendar days earlier (a day is not always 24 h across a clock change). */
export function daysBefore(date: Date, days: number): Date {
  const earlier = new Date(date.getTime());
  earlier.setDate(earlier.getDate() - days);
  return earlier;
}
