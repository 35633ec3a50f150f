import { CATALOG } from '@pressroom/contracts';
import { mergeTopologies, storedSubjects } from './topology.js';

describe('storedSubjects', () => {
  it('lists what several services consume and publish once each, in catalog order', () => {
    const renderer = { consumes: [CATALOG.renderImage], publishes: [CATALOG.renderCompleted, CATALOG.renderFailed] };
    const producer = { consumes: [], publishes: [CATALOG.renderVideo, CATALOG.renderImage] };
    expect(storedSubjects(renderer, producer).map((s) => s.name)).toEqual([
      'render.image',
      'render.video',
      'render.completed',
      'render.failed',
    ]);
  });

  it('refuses a subject that is a copy of a catalog entry rather than the entry itself', () => {
    const copy = { ...CATALOG.renderImage, ackWaitMs: 1 };
    expect(() => storedSubjects({ consumes: [copy], publishes: [] })).toThrow('render.image is not the subject catalog');
  });

  it('merges topologies without losing a side', () => {
    const merged = mergeTopologies({ consumes: [CATALOG.renderGif], publishes: [] }, { consumes: [], publishes: [CATALOG.batchCompleted] });
    expect(storedSubjects(merged).map((s) => s.name)).toEqual(['render.gif', 'batch.completed']);
  });
});
