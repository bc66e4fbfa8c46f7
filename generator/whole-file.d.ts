// Types of whole-file.js (plain JavaScript: the launcher imports it before any TypeScript runs).

/**
 * Writes `file` under a temporary name and renames it into place: a reader finds the old file or
 * the new, never half of one. `data` in pieces is written piece after piece, never joined.
 */
export function writeWhole(file: string, data: string | Uint8Array | readonly Uint8Array[]): void;
/** writeWhole, without holding up the thread. */
export function writeWholeAsync(file: string, data: string | Uint8Array): Promise<void>;
