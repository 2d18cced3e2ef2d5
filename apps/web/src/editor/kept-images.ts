import { keptLabel, keptType } from '@quire/editor-schema';
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';

/** Where an image is shown from: a file of the space (by its id or its path), or a URL. */
export type ImageUrl = (ref: ImageRef) => string | undefined;

/** What an image of GitBook's document points at. */
export interface ImageRef {
  kind?: string;
  url?: string;
  file?: string;
}

interface ImageNode {
  type?: string;
  data?: { ref?: ImageRef; alt?: string };
  fragments?: { fragment?: string; nodes?: { nodes?: { leaves?: { text?: string }[] }[] }[] }[];
}

function captionOf(image: ImageNode): string {
  const caption = image.fragments?.find((fragment) => fragment.fragment === 'caption');
  return (caption?.nodes ?? [])
    .flatMap((line) => line.nodes ?? [])
    .flatMap((text) => text.leaves ?? [])
    .map((leaf) => leaf.text ?? '')
    .join('');
}

/** An image block as it reads: each image (or its alt text, when it cannot be shown) and caption. */
function imagesView(block: { nodes?: ImageNode[] }, imageUrl: ImageUrl): HTMLElement {
  const dom = document.createElement('div');
  dom.className = 'kept-block kept-images';
  dom.dataset.type = 'images';
  dom.contentEditable = 'false';
  for (const image of block.nodes ?? []) {
    const figure = document.createElement('figure');
    const ref = image.data?.ref;
    const url = ref === undefined ? undefined : imageUrl(ref);
    const alt = image.data?.alt ?? '';
    if (url === undefined) {
      figure.textContent = `Image: ${alt || ref?.url || 'not found'}`;
    } else {
      const img = document.createElement('img');
      img.src = url;
      img.alt = alt;
      img.loading = 'lazy';
      figure.append(img);
    }
    const caption = captionOf(image);
    if (caption !== '') {
      const text = document.createElement('figcaption');
      text.textContent = caption;
      figure.append(text);
    }
    dom.append(figure);
  }
  return dom;
}

/**
 * Shows the images of an image block where it stands, from the space's files or their URLs. The
 * block itself is kept whole, as every block the editor does not edit is.
 */
export const KeptImages = Extension.create<{ imageUrl: ImageUrl }>({
  name: 'keptImages',
  addOptions: () => ({ imageUrl: () => undefined }),
  addProseMirrorPlugins() {
    const { imageUrl } = this.options;
    return [
      new Plugin({
        key: new PluginKey('keptImages'),
        props: {
          nodeViews: {
            keptBlock: (node) => {
              const kept = node.attrs.node as { type?: string; nodes?: ImageNode[] } | null;
              if (kept?.type === 'images') return { dom: imagesView(kept, imageUrl) };
              const dom = document.createElement('div');
              dom.className = 'kept-block';
              dom.dataset.type = keptType(kept);
              dom.contentEditable = 'false';
              dom.textContent = keptLabel(kept);
              return { dom };
            },
          },
        },
      }),
    ];
  },
});

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
