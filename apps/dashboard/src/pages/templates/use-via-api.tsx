import { CopyButton } from '../../kit/copy-button';

/** Ready-to-paste ways to render this template: curl, the /r/ URL, and a JavaScript snippet. */
export function UseViaApi({ uid, variables }: { uid: string; variables: Record<string, unknown> }) {
  const origin = window.location.origin;
  const body = JSON.stringify({ template: uid, variables });
  const curl = `curl -s ${origin}/image \\\n  -H "Authorization: Bearer $PRESSROOM_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '${body.replace(/'/g, "'\\''")}'`;
  const query = new URLSearchParams({ token: 'YOUR_API_KEY' });
  for (const [name, value] of Object.entries(variables)) if (value !== undefined) query.set(name, String(value));
  const urlRender = `${origin}/r/${uid}.png?${query.toString()}`;
  const sdk = `const res = await fetch('${origin}/image', {\n  method: 'POST',\n  headers: { Authorization: \`Bearer \${process.env.PRESSROOM_KEY}\`, 'Content-Type': 'application/json' },\n  body: JSON.stringify(${JSON.stringify({ template: uid, variables })}),\n});\nconst { url } = await res.json();`;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <Snippet title="curl" text={curl} />
      <Snippet title="URL render (for <img src>; use a key you may publish)" text={urlRender} />
      <Snippet title="JavaScript (fetch)" text={sdk} />
    </div>
  );
}

function Snippet({ title, text }: { title: string; text: string }) {
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="font-medium">{title}</figcaption>
      <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0}>
        <code>{text}</code>
      </pre>
      <CopyButton text={text} label={`Copy ${title.split(' ')[0]}`} />
    </figure>
  );
}
