import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  getUrlSigningSecret,
  revokeUrlSigningSecret,
  urlSigningKeys,
  type IssuedUrlSigningSecret,
  type UrlSigningSecret,
} from '../../api/url-signing';
import { messageOf } from '../../api/problem';
import { Facts } from '../../kit/facts';
import { focusSectionHeading } from '../../kit/focus-section-heading';
import { Alert } from '../../kit/alert';
import { Button } from '../../kit/button';
import { ConfirmDialog } from '../../kit/dialog';
import { formatCount, formatDate } from '../../kit/format';
import { Page, Section } from '../../kit/page';
import { QueryState } from '../../kit/query-state';
import { SecretOnceDialog } from '../../kit/secret-once';
import { UrlSigningSecretForm } from './url-signing-secret-form';

/** GET /r/{file} in the API reference (Swagger UI deep link: tag, then operationId), where `sid`, `exp` and `s` are described. */
const SIGNED_URL_REFERENCE = '/docs#/Files/renderFromSignedUrl';

function CurrentSecret({ secret }: { secret: UrlSigningSecret }) {
  const client = useQueryClient();
  const section = useRef<HTMLDivElement>(null);
  const revoke = useMutation({
    mutationFn: revokeUrlSigningSecret,
    onSuccess: () => {
      // This section goes with the secret: keyboard users continue at the page's heading.
      focusSectionHeading(section.current, { section: false });
      client.setQueryData(urlSigningKeys.current, null);
    },
  });
  const rows: [string, string][] = [
    ['Secret ID', secret.id],
    ['Render cap', secret.maxRenders === null ? 'No cap' : formatCount(secret.maxRenders)],
    [
      'Renders used',
      secret.maxRenders === null
        ? formatCount(secret.rendersUsed)
        : `${formatCount(secret.rendersUsed)} of ${formatCount(secret.maxRenders)}`,
    ],
    ['Created', formatDate(secret.createdAt)],
  ];
  return (
    <Section
      title="Current secret"
      actions={
        <ConfirmDialog
          trigger={<Button variant="danger">Revoke secret</Button>}
          title="Revoke the URL-signing secret?"
          description="Every link signed with it stops working at once (403 invalid-signature). Links with an API key (token=) are not affected."
          action="Revoke secret"
          onConfirm={() => revoke.mutate()}
        />
      }
    >
      <div ref={section}>
        <Facts
          rows={rows.map(
            ([name, value]) => [name, name === 'Secret ID' ? <code className="font-mono text-xs">{value}</code> : value] as const,
          )}
        />
      </div>
      {revoke.error != null && <Alert>{messageOf(revoke.error)}</Alert>}
    </Section>
  );
}

/**
 * Settings → Signed URLs: the account's URL-signing secret (docs/signed-urls.md). Links signed with it put a
 * render in a public page without an API key; a template's "Use via API" makes them without showing the secret.
 */
export default function SignedUrlsPage() {
  const secret = useQuery({ queryKey: urlSigningKeys.current, queryFn: getUrlSigningSecret });
  const [issued, setIssued] = useState<IssuedUrlSigningSecret | null>(null);
  const submitButton = () => document.querySelector<HTMLButtonElement>('form button[type="submit"]');
  return (
    <Page title="Signed URLs">
      {/* What signed links are for, first and plainly; how one is built waits behind a disclosure for who needs it. */}
      <p className="max-w-prose text-sm text-slate-700">
        A signed link shows a render of your template in a public place (an <code>&lt;img&gt;</code> tag, an email, a web page) without
        giving away an API key.
      </p>
      <details className="max-w-prose rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-slate-900">How a signed link is built</summary>
        <div className="mt-2 flex flex-col gap-2">
          <p>
            A signed link (<code>/r/…?sid=…&amp;s=…</code>) names this workspace&apos;s secret by its ID (<code>sid</code>) and carries a
            signature (<code>s</code>) of its values: changing any of them breaks the signature. It carries no API key. Every API key is
            full-access, so a link with <code>token=</code> is for server-side or private use only.
          </p>
          <p>
            Make signed links from a template&apos;s <strong>Use via API</strong> panel, or sign them in your own code with the secret, as
            the {/* The gateway serves the reference beside the dashboard (outside its router): a plain link. */}
            <a href={SIGNED_URL_REFERENCE} className="text-indigo-800 underline">
              API reference for /r/ URLs
            </a>{' '}
            describes.
          </p>
        </div>
      </details>
      <QueryState query={secret}>
        {(current) => (
          <>
            {current ? (
              <CurrentSecret secret={current} />
            ) : (
              <p className="text-sm text-slate-700">This workspace has no URL-signing secret: create one to sign links.</p>
            )}
            <Section title={current ? 'Rotate the secret' : 'Create a secret'}>
              {current && (
                <p className="text-sm text-slate-700">
                  Rotating makes a new secret and a fresh render allowance; links signed with the current one stop working.
                </p>
              )}
              <UrlSigningSecretForm
                key={current?.id ?? 'none'}
                rotating={current !== null}
                currentCap={current?.maxRenders ?? null}
                onIssued={setIssued}
              />
            </Section>
          </>
        )}
      </QueryState>
      <SecretOnceDialog
        secret={issued?.secret ?? null}
        label="URL-signing secret"
        title={issued?.replaces ? 'Your new URL-signing secret' : 'Your URL-signing secret'}
        description={
          issued?.replaces
            ? `It replaces ${issued.replaces}: links signed with that one no longer work.`
            : // Said first for a designer, who may think the link cannot be made without copying this: it can.
              `The dashboard signs links with it for you (a template’s Use via API, Make signed link): copy it only if your own software will sign links. Its ID, ${issued?.id ?? ''}, goes in every signed link as sid.`
        }
        returnFocus={submitButton}
        onClose={() => setIssued(null)}
      />
    </Page>
  );
}
