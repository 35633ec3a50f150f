import type { z } from 'zod';
import { BusValidationError } from './bus.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/** Validate a payload against its schema; returns the parsed value or throws BusValidationError. */
export function validate<T>(subject: string, schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new BusValidationError(subject, describeIssues(result.error));
  return result.data;
}

/**
 * Payloads travel as JSON. The producer's value (validated) is serialised as
 * given, so a schema with defaults or transforms is applied once, on receipt.
 */
export function toJson(subject: string, schema: z.ZodType<unknown>, data: unknown): string {
  validate(subject, schema, data);
  return JSON.stringify(data);
}

/** Parse and validate a received JSON payload; throws BusValidationError (or SyntaxError). */
export function fromJson<T>(subject: string, schema: z.ZodType<T>, json: string): T {
  return validate(subject, schema, JSON.parse(json));
}

export function encodeJson(json: string): Uint8Array {
  return encoder.encode(json);
}

export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
