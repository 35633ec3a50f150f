import { BrowserPool, poolOptionsFromEnv } from '@pressroom/browser';
import { closingWith } from '@pressroom/render-worker';
import { runService } from '@pressroom/service-runner';
import { pdfEnv } from './config.js';
import { startPdfService } from './service.js';
import { pdfTopology } from './topology.js';

/** The PDF renderer as its own process (with its own browser pool). */
await runService({
  name: 'pdf',
  env: pdfEnv,
  topology: pdfTopology,
  async start({ env, bus, db, storage, customStorage, guard, logger }) {
    const pool = await BrowserPool.start({
      // The render timeout is per printed document: a multi-page render is one pool job per variable set.
      ...poolOptionsFromEnv(env),
      egressGuard: guard,
      logger,
    });
    const service = await startPdfService({
      bus,
      db,
      storage,
      customStorage,
      pool,
      guard,
      logger,
      concurrency: env.PRESSROOM_BROWSER_PAGES,
      parallelDocuments: env.PRESSROOM_PDF_PARALLEL_DOCUMENTS,
    });
    return closingWith(service, () => pool.close());
  },
});
