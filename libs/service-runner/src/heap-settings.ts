import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings every Pressroom process runs with, set before it allocates much (docs/adr/0057).
 *
 * On Node 26 (V8 14), Buffers churning outside the heap (a screenshot's bytes, an object store's
 * chunks, a socket's writes) start a full incremental mark-compact each time their total passes a
 * limit kept close to what the last collection left: the image service ran ~70 of them in 20 s and
 * spent 2.3× Node 22's CPU per render. Counting external memory in the heap's global limit, which grows
 * with the heap's own factor, collects it with the rest: 4 mark-compacts instead, and less CPU than on 22.
 * The flag is V8's, not Node's, so NODE_OPTIONS cannot carry it; each process sets it here.
 */
export function applyHeapSettings(): void {
  setFlagsFromString('--external-memory-accounted-in-global-limit');
}
