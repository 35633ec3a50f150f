/**
 * A small dayjs-style date formatter. Dates are shown in UTC so a render
 * never depends on the server's time zone.
 *
 * Tokens: YYYY YY MMMM MMM MM M DD D dddd ddd dd d HH H hh h mm m ss s SSS A a;
 * text inside [brackets] is copied literally.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const TOKENS = /\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|dd|d|HH|H|hh|h|mm|m|ss|s|SSS|A|a/g;

const two = (n: number) => String(n).padStart(2, '0');

export function formatDate(date: Date, pattern: string): string {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const weekday = date.getUTCDay();
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  const seconds = date.getUTCSeconds();
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return pattern.replace(TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY':
        return String(year).padStart(4, '0');
      case 'YY':
        return two(Math.abs(year) % 100);
      case 'MMMM':
        return MONTHS[month]!;
      case 'MMM':
        return MONTHS[month]!.slice(0, 3);
      case 'MM':
        return two(month + 1);
      case 'M':
        return String(month + 1);
      case 'DD':
        return two(day);
      case 'D':
        return String(day);
      case 'dddd':
        return DAYS[weekday]!;
      case 'ddd':
        return DAYS[weekday]!.slice(0, 3);
      case 'dd':
        return DAYS[weekday]!.slice(0, 2);
      case 'd':
        return String(weekday);
      case 'HH':
        return two(hours);
      case 'H':
        return String(hours);
      case 'hh':
        return two(hours12);
      case 'h':
        return String(hours12);
      case 'mm':
        return two(minutes);
      case 'm':
        return String(minutes);
      case 'ss':
        return two(seconds);
      case 's':
        return String(seconds);
      case 'SSS':
        return String(date.getUTCMilliseconds()).padStart(3, '0');
      case 'A':
        return hours < 12 ? 'AM' : 'PM';
      default:
        return hours < 12 ? 'am' : 'pm';
    }
  });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i;
const TIME_ONLY = /^(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)$/;

/**
 * A date from an ISO 8601 string (date, date-time, or time of day), or from
 * milliseconds since 1970. A date-time without an offset is read as UTC.
 * Returns null for anything else.
 */
export function parseDate(value: unknown): Date | null {
  let date: Date | null = null;
  if (typeof value === 'number') {
    date = new Date(value);
  } else if (typeof value === 'string') {
    const text = value.trim();
    const dateTime = ISO_DATE_TIME.exec(text);
    const timeOnly = TIME_ONLY.exec(text);
    if (ISO_DATE.test(text)) date = new Date(`${text}T00:00:00Z`);
    else if (dateTime) date = new Date(`${dateTime[1]}T${dateTime[2]}${dateTime[3] ?? 'Z'}`);
    else if (timeOnly) date = new Date(`1970-01-01T${timeOnly[1]}Z`);
  }
  return date && !Number.isNaN(date.getTime()) ? date : null;
}
