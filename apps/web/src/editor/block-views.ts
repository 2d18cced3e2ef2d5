import { Extension } from '@tiptap/core';
import { DOMSerializer } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { captionText } from './image-settings.js';
import type { ImageRef, ImageUrl } from './image-urls.js';
import { reusableContentView } from './reusable-content-view.js';
import type { ReusableContentOf } from './reusable-contents.js';

// Paths of images uploaded in this tab, and where they are read from until the files are read again.
const uploaded = new Map<string, string>();

interface ImageNode {
  type?: string;
  data?: { ref?: ImageRef; alt?: string };
  fragments?: Record<string, unknown>[];
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
    const caption = captionText(image);
    if (caption !== '') {
      const text = document.createElement('figcaption');
      text.textContent = caption;
      figure.append(text);
    }
    dom.append(figure);
  }
  return dom;
}

/** An image in running text (kept whole): the image, or its alt text when it cannot be shown. */
function inlineImageView(image: ImageNode, imageUrl: ImageUrl): HTMLElement {
  const dom = document.createElement('span');
  dom.className = 'kept-inline kept-inline-image';
  dom.dataset.type = 'inline-image';
  dom.contentEditable = 'false';
  const ref = image.data?.ref;
  const url = ref === undefined ? undefined : imageUrl(ref);
  const alt = image.data?.alt ?? '';
  if (url === undefined) {
    dom.textContent = alt || 'image';
    return dom;
  }
  const img = document.createElement('img');
  img.src = url;
  img.alt = alt;
  img.loading = 'lazy';
  dom.append(img);
  return dom;
}

/** A file block: its file's name, a link to download it while it can be found, and its caption. */
function fileView(file: string, caption: string | null, resolve: ImageUrl): HTMLElement {
  const dom = document.createElement('div');
  dom.className = 'file-block';
  dom.dataset.type = 'file';
  dom.contentEditable = 'false';
  const name = file.split('/').at(-1) || 'No file';
  const url =
    file === ''
      ? undefined
      : (resolve({ kind: 'file', file }) ?? resolve({ kind: 'url', url: file }));
  const label = url === undefined ? document.createElement('span') : document.createElement('a');
  if (label instanceof HTMLAnchorElement && url !== undefined) {
    label.href = url;
    label.download = name;
  }
  label.textContent = `📎 ${name}`;
  dom.append(label);
  if (caption) dom.append(` — ${caption}`);
  return dom;
}

const pickFileEvent = 'quire:pick-file';
type UploadKind = 'image' | 'file';

/**
 * Opens the file picker to upload an image (an image block) or any file (a file block) at the
 * cursor; run from a key press or a click, as browsers open a picker only then.
 */
export function pickFile(editor: { view: { dom: HTMLElement } }, kind: UploadKind): void {
  editor.view.dom.dispatchEvent(new CustomEvent<UploadKind>(pickFileEvent, { detail: kind }));
}

/** A file uploaded to the space: the path pages name it by, and where it is read from now. */
export interface UploadedImage {
  path: string;
  downloadURL: string;
}

/** What the editor's images, files and reusable contents need of the page around it. */
export interface BlockViewsOptions {
  imageUrl: ImageUrl;
  /** Uploads a file to the space; none: images are not uploaded from this editor. */
  upload?: (file: File) => Promise<UploadedImage>;
  /** Says why an upload failed. */
  onUploadError?: (message: string) => void;
  /** Reads the reusable contents the page includes; none: they show as what they are. */
  reusableContent?: ReusableContentOf;
}

/** An image block of one image, as GitBook's document has it (and its Markdown writes it). */
function imageBlock(path: string, alt: string) {
  return {
    object: 'block',
    type: 'images',
    data: {},
    isVoid: false,
    nodes: [
      {
        object: 'block',
        type: 'image',
        data: { ref: { kind: 'url', url: path }, alt },
        fragments: [],
        isVoid: true,
      },
    ],
  };
}

/**
 * Shows blocks with what they point at, where they stand: an image block's images and an image
 * in text (from the space's files or their URLs), a file block's file, a reusable content's
 * blocks. Image blocks
 * and reusable contents stay kept whole, as every block the editor does not edit is. Uploads a
 * new image or file: {@link pickFile} opens the file picker, uploads the file chosen and puts its
 * block at the cursor.
 */
export const BlockViews = Extension.create<BlockViewsOptions>({
  name: 'blockViews',
  addOptions: () => ({ imageUrl: () => undefined }),
  onCreate() {
    const { upload, onUploadError } = this.options;
    const { editor } = this;
    editor.view.dom.addEventListener(pickFileEvent, (event) => {
      if (upload === undefined) return;
      const kind = (event as CustomEvent<UploadKind>).detail;
      const input = document.createElement('input');
      input.type = 'file';
      if (kind === 'image') input.accept = 'image/*';
      input.hidden = true;
      document.body.append(input);
      input.addEventListener('change', () => {
        const file = input.files?.[0];
        input.remove();
        if (file === undefined) return;
        upload(file).then(
          ({ path, downloadURL }) => {
            uploaded.set(path, downloadURL);
            const alt = file.name.replace(/\.[^.]*$/, '');
            const content =
              kind === 'image'
                ? { type: 'keptBlock', attrs: { node: imageBlock(path, alt) } }
                : { type: 'file', attrs: { file: path } };
            editor.chain().focus().insertContent(content).run();
          },
          (error: unknown) =>
            onUploadError?.(
              `${file.name} was not uploaded: ${error instanceof Error ? error.message : String(error)}`,
            ),
        );
      });
      input.click();
    });
  },
  addProseMirrorPlugins() {
    const { imageUrl, reusableContent } = this.options;
    // Just uploaded: the space's list of files does not hold them yet.
    const resolve: ImageUrl = (ref) =>
      (ref.kind === 'url' && ref.url !== undefined ? uploaded.get(ref.url) : undefined) ??
      imageUrl(ref);
    return [
      new Plugin({
        key: new PluginKey('blockViews'),
        props: {
          nodeViews: {
            file: (node) => ({
              dom: fileView(String(node.attrs.file ?? ''), node.attrs.caption, resolve),
            }),
            keptBlock: (node) => {
              const kept = node.attrs.node as {
                type?: string;
                nodes?: ImageNode[];
                data?: { ref?: { reusableContent?: unknown } };
              } | null;
              if (kept?.type === 'images') return { dom: imagesView(kept, resolve) };
              if (kept?.type === 'reusable-content') {
                return { dom: reusableContentView(kept, node.type.schema, reusableContent) };
              }
              // Any other kept block is drawn as the schema draws it.
              const spec = node.type.spec.toDOM?.(node);
              return { dom: DOMSerializer.renderSpec(document, spec ?? ['div']).dom };
            },
            keptInline: (node) => {
              const kept = node.attrs.node as ImageNode | null;
              if (kept?.type === 'inline-image') return { dom: inlineImageView(kept, resolve) };
              const spec = node.type.spec.toDOM?.(node);
              return { dom: DOMSerializer.renderSpec(document, spec ?? ['span']).dom };
            },
          },
        },
      }),
    ];
  },
});
