import { useEffect, useState } from 'react';
import { previewTemplate, type PreviewRequest } from '../../api/templates';

/** How long the editor waits after the last keystroke before asking for a preview. */
const DEBOUNCE_MS = 500;

/** A preview rendered by Pressroom for the request, debounced; a newer request cancels the one in flight. */
export function useLivePreview(request: PreviewRequest | null): { url: string | null; error: unknown; pending: boolean } {
  const [state, setState] = useState<{ url: string | null; error: unknown; pending: boolean }>({ url: null, error: null, pending: false });
  const key = request ? JSON.stringify(request) : '';
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, pending: true }));
    const timer = setTimeout(() => {
      previewTemplate(JSON.parse(key) as PreviewRequest, controller.signal).then(
        (url) =>
          setState((s) => {
            if (s.url) URL.revokeObjectURL(s.url);
            return { url, error: null, pending: false };
          }),
        (error: unknown) => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, error, pending: false }));
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return state;
}
