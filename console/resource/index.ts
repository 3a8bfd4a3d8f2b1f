// The resource kit: one shape for the console's management pages (see ResourceDef).
export { ResourcePage, type ResourcePageProps } from './resource-page.tsx';
export { ResourceTable } from './table.tsx';
export { Pager } from './pager.tsx';
export { FilterBar } from './filters.tsx';
export { FormDialog } from './form-dialog.tsx';
export { ConfirmDelete } from './confirm-delete.tsx';
export { ImportDialog } from './import-dialog.tsx';
export { Modal } from './modal.tsx';
export { Tree, type TreeItem } from './tree.tsx';
export { treeOptions, useOptions } from './options.ts';
export { totalText, pageCount, hasNextPage } from './total.ts';
export { useList } from './use-list.ts';
export { defineForm, defineResource, formBody, ids, text } from './define.ts';
export type * from './types.ts';
