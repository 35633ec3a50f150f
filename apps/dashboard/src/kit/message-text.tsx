import { Fragment, type ReactNode } from 'react';

/**
 * A server message as people read it: the API marks names of fields and values with backticks
 * (`maxLength`, `true`); here they show as code, without the backticks. A message without a closing
 * backtick shows as it is.
 */
export function MessageText({ text }: { text: string }) {
  const parts = text.split('`');
  if (parts.length < 3 || parts.length % 2 === 0) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-black/5 px-1 font-mono text-[0.95em]">
            {part}
          </code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Strings become MessageText; other content is left as it is. */
export function messageContent(content: ReactNode): ReactNode {
  return typeof content === 'string' ? <MessageText text={content} /> : content;
}

/** The attribute an ErrorText carries: the API's message as sent, which a form reads to know it stands on the page. */
export const FIELD_ERROR_ATTRIBUTE = 'data-field-error';

/**
 * A refusal's message under the field it concerns (red, small), names in backticks shown as code. It carries the
 * message as the API sent it (`data-field-error`): the form's banner matches on that, not on the drawn text, where
 * `name` has become <code>name</code> (kit/form.tsx). A long word in it (a refused page address) wraps inside the
 * field's width instead of pushing the page sideways on a phone.
 */
export function ErrorText({ id, text, small = false }: { id?: string | undefined; text: string; small?: boolean }) {
  return (
    <p id={id} {...{ [FIELD_ERROR_ATTRIBUTE]: text }} className={`${small ? 'text-xs' : 'text-sm'} text-red-700 wrap-anywhere`}>
      <MessageText text={text} />
    </p>
  );
}
