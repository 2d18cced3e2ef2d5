import type { components } from '@quire/contract';

type Schemas = components['schemas'];

/** One change of a batch, as the contract lets a client send it. */
export type ContentChangeInput = Schemas['ContentChange'];
export type InsertPageInput = Schemas['InsertPageChange'];
export type UpdatePageInput = Schemas['UpdatePageChange'];
export type InsertFilesInput = Schemas['InsertFilesChange'];
export type PageBodyInput = Schemas['PageBodyInput'];

/** What one change did, in the order of the batch. */
export type ContentChangeOutcome =
  | { object: 'created_page'; ref?: string; pageId: string }
  | { object: 'updated_page'; pageId: string }
  | { object: 'deleted_page'; pageId: string }
  | { object: 'inserted_files'; fileIds: string[] }
  | { object: 'updated_variables' };
