import { formatDate } from './format';

/** A timestamp in local time, with the exact UTC value on hover and in the markup (as the API returns it). */
export function Instant({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso}>
      {formatDate(iso)}
    </time>
  );
}
