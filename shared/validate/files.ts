// File rules of SPEC §5, over name/type/size only so that a browser File and a server upload both fit.
import { KEYS } from './keys.ts';
import { fail, isEmpty, type Result, type Rule } from './message.ts';

export interface FileInfo {
  readonly name: string;
  /** MIME type as reported by the browser or the upload; may be empty. */
  readonly type?: string;
  /** Bytes. */
  readonly size: number;
}

export const MB = 1024 * 1024;
export const AVATAR_MAX_BYTES = 2 * MB;
export const DOCUMENT_MAX_BYTES = 50 * MB;

const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg'];
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/svg+xml'];
const IMPORT_EXTENSIONS = ['xls', 'xlsx'];

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function isFileInfo(value: unknown): value is FileInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.size === 'number' && (v.type === undefined || typeof v.type === 'string');
}

/** A list of files from one or several values; null when something in it is not a file. */
function asFiles(value: unknown): FileInfo[] | null {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.every(isFileInfo) ? (list as FileInfo[]) : null;
}

/** Avatar: JPG, PNG or SVG (by name and, when the browser tells, by type), at most 2 MB. */
export function checkAvatar(file: FileInfo): Result {
  const typeOk = !file.type || AVATAR_TYPES.includes(file.type.toLowerCase());
  if (!AVATAR_EXTENSIONS.includes(extension(file.name)) || !typeOk) return fail(KEYS.avatarType);
  return file.size <= AVATAR_MAX_BYTES ? null : fail(KEYS.avatarSize, { max: 2 });
}

/** Documents: exactly one file, under 50 MB. */
export function checkDocuments(files: readonly FileInfo[]): Result {
  if (files.length === 0) return fail(KEYS.fileRequired);
  if (files.length > 1) return fail(KEYS.fileSingle);
  return files[0]!.size < DOCUMENT_MAX_BYTES ? null : fail(KEYS.documentSize, { max: 50 });
}

/** Import files are spreadsheets; browsers report their MIME type inconsistently, so the name decides. */
export function checkImport(file: FileInfo): Result {
  return IMPORT_EXTENSIONS.includes(extension(file.name)) ? null : fail(KEYS.importType);
}

function singleFileRule(check: (file: FileInfo) => Result): Rule {
  return (value) => {
    if (isEmpty(value)) return null;
    const files = asFiles(value);
    if (files === null) return fail(KEYS.fileRequired);
    if (files.length > 1) return fail(KEYS.fileSingle);
    return check(files[0]!);
  };
}

export const avatarFile = (): Rule => singleFileRule(checkAvatar);
export const importFile = (): Rule => singleFileRule(checkImport);
export function documentFile(): Rule {
  return (value) => {
    if (isEmpty(value)) return null;
    const files = asFiles(value);
    return files === null ? fail(KEYS.fileRequired) : checkDocuments(files);
  };
}
