import { type z } from 'zod';

export class ConfigError extends Error {
  constructor(service: string, problems: string[]) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parse the environment with a service's zod schema at boot. On failure,
 * throws a ConfigError naming every bad variable, so `main.ts` can print it and exit.
 */
export function parseEnv<S extends z.ZodType>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== '') cleaned[key] = value;
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      service,
      result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  return result.data;
}

/** Boot helper: parse or print a readable message and exit(1). */
export function loadConfig<S extends z.ZodType>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseEnv(service, schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
