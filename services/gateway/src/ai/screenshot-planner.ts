import { z } from 'zod';
import { ProblemError } from '@pressroom/problem';
import { complete, type AiProvider } from './chat-completion.js';

/** What the model decides to capture. */
export interface ScreenshotPlan {
  url: string;
  /** A CSS selector of the element to capture, or null for the viewport. */
  selector: string | null;
  elementDescription: string;
}

const Plan = z.object({
  url: z.string().min(1).max(4_000),
  selector: z.string().min(1).max(1_000).nullable().optional(),
  elementDescription: z.string().max(1_000).optional(),
});

const SYSTEM = [
  'You turn a request for a screenshot into the page to open and the element to capture.',
  'Answer with one JSON object only: {"url": "<absolute https URL>", "selector": "<CSS selector of the element, or null for the whole viewport>", "elementDescription": "<what the selector points at>"}.',
  'Prefer stable selectors (ids, landmark elements, aria labels) over long chains.',
].join('\n');

/** The first JSON object in an answer (models like fences and prose). */
function jsonObjectIn(answer: string): unknown {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
}

/** Ask the provider what to capture; an answer that is not a plan is a 502 ai-generation-failed. */
export async function planScreenshot(provider: AiProvider, prompt: string): Promise<ScreenshotPlan> {
  const answer = await complete(provider, [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: prompt },
  ]);
  const parsed = Plan.safeParse(jsonObjectIn(answer));
  if (!parsed.success)
    throw new ProblemError('ai-generation-failed', { detail: 'The AI provider did not answer with a page and an element to capture.' });
  return { url: parsed.data.url, selector: parsed.data.selector ?? null, elementDescription: parsed.data.elementDescription ?? '' };
}
