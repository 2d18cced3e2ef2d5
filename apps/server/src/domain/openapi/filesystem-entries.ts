import { isRecord } from '../../is-record.js';
import { fileReferences } from './spec-files.js';
import type { SpecFilesystem } from './spec-operations.js';

/**
 * One file of a spec version as GitBook answers it (`@gitbook/openapi-parser`'s `Filesystem`):
 * its name relative to the entry file's folder, that name's folder, whether it is the entry file,
 * the other files its `$ref`s name, and its parsed content.
 */
export interface FilesystemEntry {
  filename: string;
  dir: string;
  isEntrypoint: boolean;
  references: string[];
  specification: Record<string, unknown>;
}

/**
 * The files of a version, keyed by their path on the source's origin, as GitBook's list: the
 * entry file first, then the others by path.
 */
export function filesystemEntries(
  filesystem: SpecFilesystem,
  entryPath: string,
): FilesystemEntry[] {
  const entryFolder = entryPath.slice(0, entryPath.lastIndexOf('/') + 1);
  const paths = Object.keys(filesystem).sort((a, b) =>
    a === entryPath ? -1 : b === entryPath ? 1 : a.localeCompare(b),
  );
  return paths.map((path) => {
    const filename = relativeTo(entryFolder, path);
    const slash = filename.lastIndexOf('/');
    return {
      filename,
      dir: slash === -1 ? '.' : filename.slice(0, slash),
      isEntrypoint: path === entryPath,
      references: fileReferences(filesystem[path]),
      specification: parsedFile(filesystem[path]),
    };
  });
}

function parsedFile(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** A path as a `$ref` from a file in `folder` names it (`../shared/a.yaml` when it is outside). */
function relativeTo(folder: string, path: string): string {
  const from = folder.split('/').filter(Boolean);
  const to = path.split('/').filter(Boolean);
  let shared = 0;
  while (shared < from.length && shared < to.length - 1 && from[shared] === to[shared]) shared++;
  return [...from.slice(shared).map(() => '..'), ...to.slice(shared)].join('/');
}
