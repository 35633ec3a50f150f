import { ProblemError } from '@pressroom/problem';
import { complete, type AiProvider, type ChatMessage } from '../ai/chat-completion.js';

export interface SceneBrief {
  prompt: string;
  width: number;
  height: number;
  durationSeconds: number;
  brandColor: string | null;
}

const FPS = 30;

// What the scene must look like: the same rules every saved code template is checked against.
function systemMessage(brief: SceneBrief): string {
  return [
    'You write one Remotion scene as a single TSX file. Answer with the file only, in one ```tsx block.',
    'Rules:',
    '- Import only from "remotion", "@remotion/*", "react" and "zod".',
    '- `export default` a React component that takes props (its variables).',
    `- \`export const meta = { width: ${brief.width}, height: ${brief.height}, fps: ${FPS}, durationInFrames: ${Math.round(brief.durationSeconds * FPS)}, defaultProps: { ... } }\` as a plain object literal.`,
    '- defaultProps holds every text as a string prop (e.g. title, subtitle), every colour as a "#rrggbb" string prop, and optionally one image URL prop named imageUrl (default "").',
    brief.brandColor
      ? `- Use the brand colour ${brief.brandColor} (as a colour prop named brandColor).`
      : '- Choose a tasteful colour palette.',
    '- Animate with useCurrentFrame and interpolate/spring; no network requests, no timers.',
  ].join('\n');
}

/** The TSX inside the first fenced block of an answer (or the whole answer when there is none). */
export function extractTsx(answer: string): string {
  const fenced = /```(?:tsx|typescript|ts|jsx)?\s*\n([\s\S]*?)```/.exec(answer);
  return (fenced ? fenced[1]! : answer).trim();
}

/**
 * Ask the provider for a scene, check it with `check`, and when it does not compile ask once
 * more with the compiler's errors. Throws ai-generation-failed when the second answer fails too.
 */
export async function writeScene(options: {
  provider: AiProvider;
  brief: SceneBrief;
  check: (tsx: string) => Promise<{ ok: true } | { ok: false; errors: string[] }>;
}): Promise<string> {
  const messages: ChatMessage[] = [
    { role: 'system', content: systemMessage(options.brief) },
    { role: 'user', content: options.brief.prompt },
  ];
  const first = extractTsx(await complete(options.provider, messages));
  const firstCheck = await options.check(first);
  if (firstCheck.ok) return first;
  const second = extractTsx(
    await complete(options.provider, [
      ...messages,
      { role: 'assistant', content: `\`\`\`tsx\n${first}\n\`\`\`` },
      { role: 'user', content: `That file does not compile:\n${firstCheck.errors.join('\n')}\nAnswer with the corrected file only.` },
    ]),
  );
  const secondCheck = await options.check(second);
  if (secondCheck.ok) return second;
  throw new ProblemError('ai-generation-failed', {
    detail: `The generated scene does not compile: ${secondCheck.errors.join('; ')}`.slice(0, 2_000),
  });
}
