/**
 * Links are made on the instance's public address (PUBLIC_BASE_URL, `http://localhost:$PORT` unless set), not on the
 * address this browser used: when the two differ, a link published as it is may not load for anyone else. Said here,
 * where a link is copied: signed links, team invitations (docs/configuration.md).
 */
export function PublicAddressNote({ url }: { url: string }) {
  const linkOrigin = URL.canParse(url) ? new URL(url).origin : window.location.origin;
  if (linkOrigin === window.location.origin) return null;
  return (
    <p className="text-xs text-amber-800" role="note">
      This link is on the instance's public address, {linkOrigin}, not {window.location.origin} where you opened the dashboard. If people
      reach Pressroom at another address, the operator sets it as <code>PUBLIC_BASE_URL</code>.
    </p>
  );
}
