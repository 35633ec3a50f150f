/**
 * What a status means for the reader, which its badge's colour shows (kit/status-badge.tsx): finished well, failed,
 * under way, or waiting (or stopped). Apart from the badge, so the words modules that choose a tone load in node tests.
 */
export type StatusTone = 'good' | 'bad' | 'busy' | 'idle';
