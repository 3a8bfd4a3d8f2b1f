// Field rules of the document form, shared by the console's page and the demo server (SPEC §3
// document: number, name, file, note, tag; §5 tag 0–255, description 0–255).
import type { Schema } from './combine.ts';
import { accountChars, descriptionLength, length, required, tagLength } from './text.ts';

export const documentSchema = {
  number: [required(), length(1, 32), accountChars()],
  name: [required(), length(1, 64)],
  note: [descriptionLength()],
  tags: [tagLength()],
} as const satisfies Schema;

/** The tags of a tags field: split at commas (either width), trimmed, without blanks or repeats. */
export function splitTags(text: string): string[] {
  return [...new Set(text.split(/[,，]/).map((t) => t.trim()).filter(Boolean))];
}
