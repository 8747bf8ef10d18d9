// Utilities.formatDate: Java's SimpleDateFormat patterns in an IANA time zone. QuickJS has no Intl,
// so this runs on the host, where Node's ICU knows every zone's offsets and names. As in Java, a zone
// id Node does not know is GMT.

export interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 1 Monday .. 7 Sunday
  millis: number;
  offsetMinutes: number;
  zoneName: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone Node knows by `id` (Java's `GMT+1`, `GMT-05:30` forms included), or UTC. */
function zoneOf(id: string): string {
  const gmt = /^(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(id);
  if (gmt !== null) return `${gmt[1]}${(gmt[2] ?? '0').padStart(2, '0')}:${gmt[3] ?? '00'}`;
  try {
    formatterFor(id);
    return id;
  } catch {
    return 'UTC';
  }
}

/** The wall-clock fields of `epochMs` in the zone `id` (one Node does not know is GMT, as in Java). */
export function fieldsOf(epochMs: number, id: string): Fields {
  const zone = zoneOf(id);
  const parts: Record<string, string> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  const num = (name: string) => Number(parts[name]);
  const wall = Date.UTC(num('year'), num('month') - 1, num('day'), num('hour'), num('minute'), num('second'));
  const offsetMinutes = Math.round((wall - (epochMs - (((epochMs % 1000) + 1000) % 1000))) / 60_000);
  const weekday = ((new Date(wall).getUTCDay() + 6) % 7) + 1;
  // Java names a zone without an abbreviation by its offset: GMT+01:00 (Intl says GMT+1).
  const short = parts.timeZoneName ?? 'GMT';
  const zoneName = /^GMT[+-]/.test(short) ? `GMT${offset(offsetMinutes, true, false)}` : short;
  return {
    year: num('year'),
    month: num('month'),
    day: num('day'),
    hour: num('hour'),
    minute: num('minute'),
    second: num('second'),
    weekday,
    millis: ((epochMs % 1000) + 1000) % 1000,
    offsetMinutes,
    zoneName: zone === 'UTC' && id !== 'UTC' ? 'GMT' : zoneName,
  };
}

function offset(minutes: number, colon: boolean, zForZero: boolean): string {
  if (zForZero && minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return colon ? `${sign}${hh}:${mm}` : `${sign}${hh}${mm}`;
}

function dayOfYear(f: Fields): number {
  return Math.round((Date.UTC(f.year, f.month - 1, f.day) - Date.UTC(f.year, 0, 1)) / 86_400_000) + 1;
}

function field(letter: string, count: number, f: Fields): string {
  const pad = (n: number) => String(n).padStart(count, '0');
  switch (letter) {
    case 'G':
      return f.year > 0 ? 'AD' : 'BC';
    case 'y':
    case 'Y':
      return count === 2 ? String(f.year % 100).padStart(2, '0') : pad(f.year);
    case 'M':
    case 'L': {
      const name = MONTHS[f.month - 1] ?? '';
      return count >= 4 ? name : count === 3 ? name.slice(0, 3) : pad(f.month);
    }
    case 'd':
      return pad(f.day);
    case 'D':
      return pad(dayOfYear(f));
    case 'E': {
      const name = DAYS[f.weekday - 1] ?? '';
      return count >= 4 ? name : name.slice(0, 3);
    }
    case 'u':
      return pad(f.weekday);
    case 'a':
      return f.hour < 12 ? 'AM' : 'PM';
    case 'H':
      return pad(f.hour);
    case 'k':
      return pad(f.hour === 0 ? 24 : f.hour);
    case 'K':
      return pad(f.hour % 12);
    case 'h':
      return pad(f.hour % 12 === 0 ? 12 : f.hour % 12);
    case 'm':
      return pad(f.minute);
    case 's':
      return pad(f.second);
    case 'S':
      return String(f.millis).padStart(3, '0').slice(0, Math.max(count, 3)).padEnd(count, '0');
    case 'z':
      return f.zoneName;
    case 'Z':
      return offset(f.offsetMinutes, false, false);
    case 'X':
      return count === 1
        ? offset(f.offsetMinutes, false, true).slice(0, 3)
        : offset(f.offsetMinutes, count >= 3, true);
    default:
      throw new Error(`Illegal pattern character '${letter}'`);
  }
}

/** Formats `epochMs` in the zone `timeZone` with a SimpleDateFormat `pattern`. */
export function formatDate(epochMs: number, timeZone: string, pattern: string): string {
  const f = fieldsOf(epochMs, timeZone);
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i] ?? '';
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === i + 1) out += "'";
      else if (end < 0) throw new Error('Unterminated quote');
      else out += pattern.slice(i + 1, end);
      i = end + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let count = 1;
      while (pattern[i + count] === c) count++;
      out += field(c, count, f);
      i += count;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Minutes the zone `timeZone` is ahead of UTC at `epochMs` (negative west of Greenwich). */
export function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  return fieldsOf(epochMs, timeZone).offsetMinutes;
}
