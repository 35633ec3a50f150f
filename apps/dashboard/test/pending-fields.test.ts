import { PendingFields, type PendingField, type Settled } from '../src/kit/pending-fields.js';

/** A stand-in for a field's control at `place` in page order (compareDocumentPosition as the DOM answers it). */
function control(place: number): HTMLElement {
  const element = {
    place,
    compareDocumentPosition: (other: { place: number }) => (other.place > place ? 4 : 2),
  };
  return element as unknown as HTMLElement;
}

/** A field that answers `answer` and counts how often Save asked it. */
function field(answer: Settled, place: number): PendingField & { asked: number } {
  const element = control(place);
  const f = {
    asked: 0,
    settle: () => {
      f.asked += 1;
      return answer;
    },
    element: () => element,
  };
  return f;
}

describe('what Save does first with fields that hold typed text', () => {
  test('nothing refused: every field applies its text once and the save goes on', () => {
    const fields = new PendingFields();
    const a = field('applied', 1);
    const b = field('applied', 2);
    fields.add(a);
    fields.add(b);
    expect(fields.settleAll()).toBeNull();
    expect([a.asked, b.asked]).toEqual([1, 1]);
  });

  test('a refused field stops the save, and the others still apply theirs', () => {
    const fields = new PendingFields();
    const refused = field('refused', 2);
    const applied = field('applied', 3);
    fields.add(refused);
    fields.add(applied);
    expect(fields.settleAll()).toBe(refused.element());
    expect(applied.asked).toBe(1);
  });

  test('of several refused fields, focus goes to the first on the page, whichever appeared first', () => {
    const fields = new PendingFields();
    const lower = field('refused', 5);
    const upper = field('refused', 1);
    const middle = field('refused', 3);
    fields.add(lower);
    fields.add(upper);
    fields.add(middle);
    expect(fields.settleAll()).toBe(upper.element());
  });

  test('a field that has gone (its clip deselected) is not asked', () => {
    const fields = new PendingFields();
    const gone = field('refused', 1);
    fields.add(gone)();
    expect(fields.settleAll()).toBeNull();
    expect(gone.asked).toBe(0);
  });

  test('after a held save, a field still refusing what it holds keeps the hold; nothing is applied by asking', () => {
    const fields = new PendingFields();
    let widthRefuses = true;
    const width = { ...field('refused', 1), refused: () => widthRefuses };
    const typedOnly = field('refused', 2);
    fields.add(width);
    fields.add(typedOnly);
    expect(fields.refusing()).toBe(true);
    widthRefuses = false;
    // A field that cannot say (no `refused`) counts as corrected once typed in.
    expect(fields.refusing()).toBe(false);
    expect([width.asked, typedOnly.asked]).toEqual([0, 0]);
  });
});
