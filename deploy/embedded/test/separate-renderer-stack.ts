/*
 * A whole stack on NATS and PostgreSQL whose image renderers run as processes of their own, for the tests that
 * SIGKILL one mid-render (as an OOM kill does) and watch what the bus, the database and the sweep make of it.
 */
import type { ChildProcess } from 'node:child_process';
import { createTestDatabase, uniqueNamespace } from '@pressroom/testing';
import { startPageServer, startTestStack, type TestStack } from './harness.js';
import { startImageRenderer } from './service-processes.js';

type PageServer = Awaited<ReturnType<typeof startPageServer>>;

export interface SeparateRendererStack {
  /** The gateway, batches and sweep in this process; no image renderer. */
  stack: TestStack;
  /** The test's own pages (`routes`), on the host the renderers may load from. */
  pages: PageServer;
  /** One more image renderer process; resolves once it answers healthy. */
  startRenderer(): Promise<ChildProcess>;
  /** SIGKILLs the renderers still running, stops the stack and the pages, drops the database. */
  dispose(): Promise<void>;
}

/**
 * Starts the stack on a fresh database and a bus namespace named after `name`, batches polled every 250 ms;
 * `stack` adds to or overrides the stack's options, `renderer` sets each renderer's browser pages and render time-out.
 */
export async function startSeparateRendererStack(options: {
  name: string;
  routes: Parameters<typeof startPageServer>[0];
  renderer: { browserPages: number; renderTimeoutMs: number };
  stack?: Parameters<typeof startTestStack>[1];
}): Promise<SeparateRendererStack> {
  const namespace = uniqueNamespace(options.name);
  const children: ChildProcess[] = [];
  const database = await createTestDatabase();
  let pages: PageServer | undefined;
  let stack: TestStack | undefined;
  const dispose = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await stack?.dispose();
    await pages?.close();
    await database.drop();
  };
  // A part that fails to start must not leave the others running: the suite never got them to dispose.
  try {
    pages = await startPageServer(options.routes);
    stack = await startTestStack('nats+postgres', {
      databaseUrl: database.url,
      busNamespace: namespace,
      withImageService: false,
      batches: { pollMs: 250 },
      ...options.stack,
    });
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    stack,
    pages,
    startRenderer: () => startImageRenderer({ databaseUrl: database.url, namespace, children, ...options.renderer }),
    dispose,
  };
}
