// Documents (documentManager document/index): one file per version, number, name, note, tags, and the
// devices a document belongs to.

/** A file uploaded and checked, waiting for the save that makes it a document's version (valid 1 h). */
export interface StagedFile {
  fileId: string;
  name: string;
  size: number;
  /** The type the platform found in the content, not the one the browser claimed. */
  mime: string;
  sha256: string;
}

export interface DocumentRow {
  id: number;
  number: string;
  name: string;
  note: string;
  tags: string[];
  /** The current version's file. */
  fileName: string;
  size: number;
  mime: string;
  sha256: string;
  version: number;
  /** Whether the console may show the file inline (PDF and raster images). */
  previewable: boolean;
  deviceIds: number[];
  deviceCodes: string[];
  updatedAt: string;
  updatedBy: string;
}

export interface DocumentPage {
  rows: DocumentRow[];
  total: number;
}

export interface DocumentQuery {
  page: number;
  limit: number;
  /** Matches the number or the name. */
  keyword?: string;
  /** One tag, matched whole. */
  tag?: string;
  deviceId?: number;
}

export interface DocumentSave {
  number: string;
  name: string;
  note: string;
  /** Comma-separated, 0–255 characters in all (SPEC §5 tag). */
  tags: string;
  /** A staged upload: required for a new document; on an edit it adds a version. */
  fileId?: string;
  deviceIds: number[];
}

export interface DocumentVersion {
  version: number;
  fileName: string;
  size: number;
  mime: string;
  sha256: string;
  uploadedAt: string;
  uploadedBy: string;
}
