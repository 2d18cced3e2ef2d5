// Kept apart from the editor's extensions: the space screen resolves images without loading Tiptap.

/** Where an image is shown from: a file of the space (by its id or its path), or a URL. */
export type ImageUrl = (ref: ImageRef) => string | undefined;

/** What an image of GitBook's document points at. */
export interface ImageRef {
  kind?: string;
  url?: string;
  file?: string;
}

/**
 * Where the images of a space whose files are `files` show from: a file by its id; a path naming
 * one of its files (`.gitbook/assets/diagram.png`, as GitBook's Markdown writes it) is that file;
 * an http(s) URL is itself; anything else is not shown.
 */
export function spaceImageUrl(
  files: readonly { id: string; name: string; downloadURL: string }[],
): ImageUrl {
  const byId = new Map(files.map((file) => [file.id, file.downloadURL]));
  const byName = new Map(files.map((file) => [file.name, file.downloadURL]));
  return (ref) => {
    if (ref.kind === 'file') return ref.file === undefined ? undefined : byId.get(ref.file);
    const source = ref.kind === 'url' ? ref.url : undefined;
    if (source === undefined) return undefined;
    if (/^https?:\/\//i.test(source)) return source;
    if (/^[a-z][a-z\d+.-]*:/i.test(source)) return undefined;
    const last = source.split(/[?#]/)[0]?.split('/').at(-1) ?? '';
    try {
      return byName.get(decodeURIComponent(last));
    } catch {
      return byName.get(last);
    }
  };
}
