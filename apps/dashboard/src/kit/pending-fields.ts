// What Save does first with an editor's fields that can hold typed text not applied yet (a count of frames typed as
// "2s", a number typed as "1e" or out of its range): one rule for every such field and every editor (the timeline
// studio, the canvas editor), so what the person sees is what is saved and refused text is never saved over.
import { createContext, useCallback, useEffect, useState } from 'react';

/** What a field did when Save asked it for its typed text: applied it (or had nothing to apply), or refused it. */
export type Settled = 'applied' | 'refused';

/** A field that may hold typed text not applied yet: `settle` applies it or refuses it beside the field. */
export interface PendingField {
  settle: () => Settled;
  /** The control, for focus and for page order. */
  element: () => HTMLElement | null;
  /**
   * Whether the field refuses what it holds now, asked without applying anything (after it was typed in). A field
   * without it counts as corrected once it is typed in.
   */
  refused?: () => boolean;
}

/** `Node.DOCUMENT_POSITION_FOLLOWING`, spelled out so the rule runs without a DOM (unit tests). */
const FOLLOWING = 4;

/** The fields on the page now (each adds itself when it appears and goes when it does). */
export class PendingFields {
  private readonly fields = new Set<PendingField>();

  /** Adds `field`; the answer removes it. */
  add(field: PendingField): () => void {
    this.fields.add(field);
    return () => void this.fields.delete(field);
  }

  /**
   * Applies every field's typed text (seconds become frames), each field once, and answers the first field (in page
   * order) that refused its text, or null when everything typed is applied and the project can be saved.
   */
  settleAll(): HTMLElement | null {
    const refused: HTMLElement[] = [];
    for (const field of this.fields) {
      if (field.settle() !== 'refused') continue;
      const element = field.element();
      if (element) refused.push(element);
    }
    let first: HTMLElement | null = null;
    for (const element of refused) if (first === null || !(first.compareDocumentPosition(element) & FOLLOWING)) first = element;
    return first;
  }

  /** Whether a field refuses what it holds now (its own `refused`), nothing applied. */
  refusing(): boolean {
    for (const field of this.fields) if (field.refused?.()) return true;
    return false;
  }
}

/** An editor's fields and what typing in one says (the Save refusal it showed may be over). */
export interface PendingFieldsApi {
  fields: PendingFields;
  typed: () => void;
}

/** Given by an editor around its fields and Save; a field outside one applies its text only when it is left. */
export const PendingFieldsContext = createContext<PendingFieldsApi | null>(null);

/**
 * An editor's fields and its Save's refusal, for the editor to provide (PendingFieldsContext) and ask before saving:
 * `settle()` applies what every field holds as typed and answers whether the save may go on. When a field refused its
 * text, `held` is true and focus goes to that field (the first in page order), until a field is typed in and no
 * field refuses what it holds any more (a field that cannot say so counts as corrected once typed in).
 */
export function usePendingFields(): { api: PendingFieldsApi; held: boolean; settle: () => boolean } {
  const [held, setHeld] = useState<{ field: HTMLElement } | null>(null);
  // Counts the fields' typing: the check waits for the typed field to have drawn (and so to know) what it holds now.
  const [typing, setTyping] = useState(0);
  const [api] = useState<PendingFieldsApi>(() => ({ fields: new PendingFields(), typed: () => setTyping((n) => n + 1) }));
  useEffect(() => held?.field.focus(), [held]);
  useEffect(() => {
    if (typing > 0 && !api.fields.refusing()) setHeld(null);
  }, [typing, api]);
  const settle = useCallback(() => {
    const refused = api.fields.settleAll();
    setHeld(refused ? { field: refused } : null);
    return refused === null;
  }, [api]);
  return { api, held: held !== null, settle };
}
