import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { getUrlSigningSecret, urlSigningKeys } from '../../api/url-signing';
import { buttonClass } from '../../kit/button';
import { CopyButton } from '../../kit/copy-button';
import { QueryState } from '../../kit/query-state';
import { pythonSnippet } from './python-snippet';
import { keyUrlOf } from './render-url-values';
import { SignedLink } from './signed-link';

/**
 * Ready-to-paste ways to render this template: curl, a signed link for public pages (made by the server with
 * the account's URL-signing secret), the /r/ URL with a key for private use, and JavaScript and Python snippets. They are for
 * developers, so they wait behind a secondary "Show the code" beside the editor's Render, which is what a designer
 * uses; closed, they stay in the page (a <details>), so opening them loses nothing typed. The account's URL-signing
 * secret is asked for only once they are first opened: without one the API answers 404 (docs/signed-urls.md), which the
 * browser's console would list as a failed request on every load of both editors.
 */
export function UseViaApi({ uid, variables, layout }: { uid: string; variables: Record<string, unknown>; layout?: string | undefined }) {
  const origin = window.location.origin;
  const [opened, setOpened] = useState(false);
  // The open layout too: the snippets make what the editor's Render makes.
  const request = { template: uid, variables, ...(layout && layout !== 'default' ? { layout } : {}) };
  const body = JSON.stringify(request);
  const curl = `curl -s ${origin}/image \\\n  -H "Authorization: Bearer $PRESSROOM_API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '${body.replace(/'/g, "'\\''")}'`;
  const keyUrl = keyUrlOf(origin, uid, variables, layout);
  // Run as it is (node, an ES module), it says what happened: the image's URL, or the API's refusal as an error (a
  // wrong key, a refused value), instead of ending silently whatever the answer was. A render that outlives the
  // API's wait answers 202 without a URL: the Location header is where the finished render's URL appears.
  const sdk = [
    `const res = await fetch('${origin}/image', {`,
    `  method: 'POST',`,
    `  headers: { Authorization: \`Bearer \${process.env.PRESSROOM_API_KEY}\`, 'Content-Type': 'application/json' },`,
    `  body: JSON.stringify(${body}),`,
    `});`,
    `const answer = await res.json();`,
    `if (!res.ok) throw new Error(\`\${res.status} \${answer.title}: \${answer.detail}\`);`,
    `console.log(answer.url ?? \`Still rendering: GET \${new URL(res.headers.get('location'), res.url)} with the same key for its URL.\`);`,
  ].join('\n');
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-slate-700">
        For developers: the code that makes this render from your own software, with the values in Variables. To make an image here, use
        Render.
      </p>
      <details className="group" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
        <summary className={buttonClass('secondary', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
          <span className="group-open:hidden">Show the code</span>
          <span className="hidden group-open:inline">Hide the code</span>
        </summary>
        <div className="mt-3 flex flex-col gap-3">
          <Snippet title="curl" copy="Copy curl" text={curl} />
          <section aria-labelledby={`signed-link-${uid}`} className="flex flex-col gap-1">
            <h3 id={`signed-link-${uid}`} className="font-medium">
              Signed link: safe to put in web pages and e-mails, as it holds no API key
            </h3>
            {opened && <SignedLinkOrWhy uid={uid} variables={variables} layout={layout} />}
          </section>
          <Snippet
            title="URL with an API key (server-side or private use only)"
            copy="Copy URL with key"
            text={keyUrl}
            note="Every API key is full-access: whoever sees this URL can use the key for anything. Keep it out of public pages and e-mails; use a signed link there."
          />
          <Snippet title="JavaScript (fetch)" copy="Copy JavaScript" text={sdk} />
          <Snippet title="Python (standard library)" copy="Copy Python" text={pythonSnippet(origin, request)} />
        </div>
      </details>
    </div>
  );
}

/** The signed-link form when the account has a URL-signing secret, else where to make one. */
function SignedLinkOrWhy({ uid, variables, layout }: { uid: string; variables: Record<string, unknown>; layout?: string | undefined }) {
  const secret = useQuery({ queryKey: urlSigningKeys.current, queryFn: getUrlSigningSecret });
  return (
    <QueryState query={secret}>
      {(current) =>
        current ? (
          <SignedLink uid={uid} variables={variables} layout={layout} />
        ) : (
          <p className="text-slate-700">
            Signed links need a URL-signing secret: create one on the{' '}
            <Link to="/settings/signed-urls" className="text-indigo-800 underline">
              Signed URLs
            </Link>{' '}
            page.
          </p>
        )
      }
    </QueryState>
  );
}

function Snippet({ title, copy, text, note }: { title: string; copy: string; text: string; note?: string }) {
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="font-medium">{title}</figcaption>
      {note && <p className="text-xs text-slate-700">{note}</p>}
      <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0}>
        <code>{text}</code>
      </pre>
      <CopyButton text={text} label={copy} />
    </figure>
  );
}
