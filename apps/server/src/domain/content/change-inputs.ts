import type { components } from '@quire/contract';
import type { ReusableContentRecord } from './records.js';

type Schemas = components['schemas'];

/** One change of a batch, as the contract lets a client send it. */
export type ContentChangeInput = Schemas['ContentChange'];
export type InsertPageInput = Schemas['InsertPageChange'];
export type UpdatePageInput = Schemas['UpdatePageChange'];
export type InsertFilesInput = Schemas['InsertFilesChange'];
export type PageBodyInput = Schemas['PageBodyInput'];
export type InsertReusableContentInput = Schemas['InsertReusableContentChange'];
export type UpdateReusableContentInput = Schemas['UpdateReusableContentChange'];

/** What one change did, in the order of the batch. */
export type ContentChangeOutcome =
  | { object: 'created_page'; ref?: string; pageId: string }
  | { object: 'updated_page'; pageId: string }
  | { object: 'deleted_page'; pageId: string }
  | { object: 'inserted_files'; fileIds: string[] }
  | { object: 'updated_variables' }
  | { object: 'created_reusable_content'; ref?: string; reusableContent: ReusableContentRecord }
  | { object: 'updated_reusable_content'; reusableContent: ReusableContentRecord }
  | { object: 'deleted_reusable_content'; reusableContentId: string };
