import { z } from 'zod';
import { BatchRenderRequest } from '@pressroom/contracts';
import type { AuthContext } from '../http/auth.js';
import { batchResults, startBatch, type BatchDeps } from '../batches/start-batch.js';
import { defineTool, type McpTool } from './tool.js';
import { jsonResult } from './tool-result.js';

// safeExtend keeps the contract's refinements (variableSets or csvUrl, layout or layouts).
const StartBatchInput = BatchRenderRequest.safeExtend({ template: z.string().min(1).describe('The template uid to render for each row.') });
const BatchId = z.object({ batchId: z.string().min(1).describe('The batch id start_batch answered.') });

/** start_batch and batch_status: POST /templates/{uid}/batch-render and GET /templates/batch/{id}/results. */
export function batchTools(deps: BatchDeps, auth: AuthContext & { plan: { plan: string } }): McpTool[] {
  return [
    defineTool({
      name: 'start_batch',
      title: 'Start a batch render',
      description:
        'Render a template once per row of `variableSets` (or of a CSV at `csvUrl`). Answers the batch id at once; ' +
        'follow it with batch_status until its status is completed, failed or cancelled.',
      input: StartBatchInput,
      run: async ({ template, ...body }) =>
        jsonResult({ ...(await startBatch(deps, { auth, plan: auth.plan.plan, templateUid: template, body })) }),
    }),
    defineTool({
      name: 'batch_status',
      title: 'Follow a batch',
      description: 'Where a batch stands: status, progress (0-100), counts and the URL of every finished item.',
      input: BatchId,
      run: async ({ batchId }) => jsonResult({ ...(await batchResults(deps, { ownerId: auth.ownerId, id: batchId })) }),
    }),
  ];
}
