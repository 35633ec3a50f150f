/** Longest name part kept before the date (file systems and download bars cut long names anyway). */
const MAX_NAME = 60;

/**
 * A readable name for a batch's ZIP, `<template name>-<YYYY-MM-DD>.zip` (the batch's local start date), with what
 * file systems refuse or mangle (slashes, colons, quotes, control characters, leading dots) replaced by hyphens.
 */
export function archiveName(templateName: string, startedAt: Date): string {
  const name =
    templateName
      .normalize('NFC')
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[.\- ]+|[.\- ]+$/g, '')
      .slice(0, MAX_NAME)
      .trim() || 'batch';
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${startedAt.getFullYear()}-${pad(startedAt.getMonth() + 1)}-${pad(startedAt.getDate())}`;
  return `${name}-${date}.zip`;
}
