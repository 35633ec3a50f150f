import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PublicAddressNote } from '../../kit/public-address-note';
import { signRenderUrl, type SignRenderUrlInput } from '../../api/url-signing';
import { Button } from '../../kit/button';
import { CopyButton } from '../../kit/copy-button';
import { fieldError, Form } from '../../kit/form';
import { Instant } from '../../kit/instant';
import { SelectField } from '../../kit/select-field';
import { urlValues } from './render-url-values';

const FORMATS = [
  ['png', 'PNG'],
  ['jpeg', 'JPEG'],
  ['webp', 'WebP'],
] as const;

const EXPIRIES = [
  ['', 'Never (until the secret is rotated or revoked)'],
  ['3600', 'In 1 hour'],
  ['86400', 'In 1 day'],
  ['604800', 'In 7 days'],
  ['2592000', 'In 30 days'],
  ['31536000', 'In 1 year'],
] as const;

/**
 * "Make signed link": the server signs a render URL of this template with the current values and the
 * account's URL-signing secret, which the dashboard never holds (POST /account/url-signing-secret/sign).
 */
export function SignedLink({ uid, variables, layout }: { uid: string; variables: Record<string, unknown>; layout?: string | undefined }) {
  const [format, setFormat] = useState<SignRenderUrlInput['format']>('png');
  const [expiry, setExpiry] = useState('');
  const sign = useMutation({
    mutationFn: () =>
      signRenderUrl({
        templateUid: uid,
        format,
        variables: urlValues(variables),
        ...(layout && layout !== 'default' ? { layout } : {}),
        ...(expiry ? { expiresInSeconds: Number(expiry) } : {}),
      }),
  });
  // A link made from other values would not show what the editor shows now: it goes until made again.
  const inputs = JSON.stringify([uid, variables, layout, format, expiry]);
  const { reset } = sign;
  useEffect(() => reset(), [inputs, reset]);
  const link = sign.data;
  // The variables' fields are in the editor's Variables section: a refused value is shown there (a number field says
  // so itself); one that no field shows is named here by its variable.
  const labels = Object.fromEntries(Object.keys(variables).map((name) => [`variables.${name}`, `${name} (under Variables)`]));
  return (
    <div className="flex flex-col gap-3">
      <Form
        label="Make a signed link"
        onSubmit={() => sign.mutate()}
        error={sign.error}
        fields={['format', 'expiresInSeconds', 'variables']}
        labels={labels}
      >
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Link format"
            options={FORMATS}
            value={format}
            onChange={(e) => setFormat(e.target.value as SignRenderUrlInput['format'])}
            error={fieldError(sign.error, 'format')}
          />
          <SelectField
            label="Link expires"
            options={EXPIRIES}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            error={fieldError(sign.error, 'expiresInSeconds')}
          />
          <Button type="submit" busy={sign.isPending}>
            Make signed link
          </Button>
        </div>
      </Form>
      {link && (
        <figure className="flex flex-col gap-1">
          <figcaption className="font-medium">
            {/* With the reader's time zone, as the audit log's times: the link may be sent to someone elsewhere. */}
            Signed link (
            {link.expiresAt ? (
              <>
                expires <Instant iso={link.expiresAt} zone />
              </>
            ) : (
              'no expiry'
            )}
            ), with the values above
          </figcaption>
          <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs break-all whitespace-pre-wrap text-slate-100" tabIndex={0}>
            <code>{link.url}</code>
          </pre>
          <PublicAddressNote url={link.url} />
          <div className="flex flex-wrap items-center gap-3">
            <CopyButton text={link.url} label="Copy signed link" />
            <a href={link.url} target="_blank" rel="noreferrer" className="text-indigo-800 underline">
              Open the signed image
            </a>
          </div>
        </figure>
      )}
    </div>
  );
}
