// Field rules of the scada page form (name and description of a page), shared by the console's page
// and the API contract (shared/contract/scada.ts takes its bounds from SCADA_BOUNDS). Not re-exported from index.ts.
import type { Schema } from './combine.ts';
import { length, required } from './text.ts';

/** A page's (and a template's) name, and a page's description. */
export const SCADA_BOUNDS = {
  name: [1, 50],
  description: [0, 200],
} as const;
const B = SCADA_BOUNDS;

export const scadaPageSchema = {
  name: [required(), length(...B.name)],
  description: [length(...B.description)],
} as const satisfies Schema;
