import { formatDate, utcIso } from './format';

/**
 * A timestamp in local time, with the exact UTC value (ISO 8601) on hover and in the markup. `zone` adds the reader's
 * time zone to what is shown ("Dec 7, 2026, 2:53 AM EST"), where times are compared with other records (the audit log);
 * `seconds` shows the time to the second, where instants a moment apart matter (a render's timings).
 */
export function Instant({ iso, zone = false, seconds = false }: { iso: string; zone?: boolean; seconds?: boolean }) {
  const utc = utcIso(iso);
  return (
    <time dateTime={utc} title={utc}>
      {formatDate(iso, { zone, seconds })}
    </time>
  );
}
