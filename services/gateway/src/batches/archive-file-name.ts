import { attachmentDisposition, fileNamePart } from '../http/content-disposition.js';

/** Longest name part kept before the date (file systems and download bars cut long names anyway). */
const MAX_NAME = 60;

/**
 * A readable name to save a batch's ZIP as, `<template name>-<YYYY-MM-DD>.zip` (the batch's creation day, UTC), with
 * what file systems refuse or mangle (slashes, colons, quotes, control characters, leading dots) replaced by hyphens.
 * A template deleted since the batch ran leaves `batch`.
 */
export function archiveFileName(templateName: string | null, createdAt: Date): string {
  const name = fileNamePart(templateName ?? '', MAX_NAME) || 'batch';
  return `${name}-${createdAt.toISOString().slice(0, 10)}.zip`;
}

/**
 * The ZIP's Content-Disposition: the batch id as `filename` (ASCII, what clients of the API have always read) and
 * the readable name as `filename*` (RFC 6266/8187), which browsers prefer: a download attribute cannot override it.
 */
export function archiveDisposition(batchId: string, readableName: string): string {
  return attachmentDisposition(`${batchId}.zip`, readableName);
}
