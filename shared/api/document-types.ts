// Documents (documentManager document/index): one file per version, number, name, note, tags, and the
// devices a document belongs to.
import type { Static } from 'typebox';
import type * as C from '../contract/document.ts';

// The shapes come from their declarations (shared/contract/document.ts), types only.
/** A file uploaded and checked, waiting for the save that makes it a document's version (valid 1 h). */
export type StagedFile = Static<typeof C.StagedFile>;
export type DocumentRow = Static<typeof C.DocumentRow>;
export type DocumentPage = Static<typeof C.DocumentPage>;
export type DocumentQuery = Static<typeof C.DocumentQuery>;
export type DocumentSave = Static<typeof C.DocumentSave>;
export type DocumentVersion = Static<typeof C.DocumentVersion>;
