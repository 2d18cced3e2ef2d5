/**
 * What a writer sets on an image block of one image (kept whole as GitBook's JSON): its alt text,
 * caption, width and alignment, written where the document package reads them (the `markdown`
 * details for width and alignment), so the Markdown says them as GitBook writes a figure.
 */

type Json = Record<string, unknown>;

export const imageAlignments = ['left', 'center', 'right'] as const;

export interface ImageSettings {
  alt: string;
  caption: string;
  /** As written: `300` (pixels) or `50%`; empty: the image's own width. */
  width: string;
  /** Empty: as the site places images. */
  align: '' | (typeof imageAlignments)[number];
}

interface ImageNode extends Json {
  data?: Json;
  fragments?: Json[];
  markdown?: Json;
}
interface ImagesNode extends Json {
  type?: string;
  data?: Json;
  nodes?: ImageNode[];
}

/** The settings of an image block holding one image; undefined for any other block. */
export function imageSettingsOf(block: unknown): ImageSettings | undefined {
  const images = block as ImagesNode | null;
  if (images?.type !== 'images' || images.nodes?.length !== 1) return undefined;
  const image = images.nodes[0] as ImageNode;
  const details = image.markdown ?? {};
  const align = details.align;
  return {
    alt: typeof image.data?.alt === 'string' ? image.data.alt : '',
    caption: captionText(image),
    width: typeof details.width === 'string' ? details.width : widthText(image.data?.width),
    align: align === 'left' || align === 'center' || align === 'right' ? align : '',
  };
}

/** The image block with `changes` set; everything else of it stays as it was. */
export function withImageSettings(block: unknown, changes: Partial<ImageSettings>): unknown {
  const images = structuredClone(block) as ImagesNode;
  const image = images.nodes?.[0];
  if (image === undefined) return block;
  const data: Json = { ...image.data };
  const details: Json = { ...image.markdown };
  if (changes.alt !== undefined) setOrDelete(data, 'alt', changes.alt);
  if (changes.caption !== undefined) {
    const others = (image.fragments ?? []).filter((fragment) => fragment.fragment !== 'caption');
    image.fragments =
      changes.caption === '' ? others : [...others, captionFragment(changes.caption)];
    delete details.caption;
  }
  // Width and alignment as written: the server answers GitBook's own fields for them.
  if (changes.width !== undefined) {
    setOrDelete(details, 'width', changes.width);
    delete data.width;
  }
  if (changes.align !== undefined) setOrDelete(details, 'align', changes.align);
  image.data = data;
  if (Object.keys(details).length === 0) delete image.markdown;
  else image.markdown = details;
  return images;
}

function setOrDelete(target: Json, key: string, value: string): void {
  if (value === '') delete target[key];
  else target[key] = value;
}

/** An image's caption as plain text (its `caption` fragment's), or `''`. */
export function captionText(image: { fragments?: readonly Json[] | undefined }): string {
  const fragment = image.fragments?.find((each) => each.fragment === 'caption');
  if (fragment === undefined) return '';
  const text = (node: Json): string =>
    Array.isArray(node.leaves)
      ? (node.leaves as Json[]).map((leaf) => String(leaf.text ?? '')).join('')
      : ((node.nodes as Json[] | undefined) ?? []).map(text).join('');
  return text(fragment);
}

function captionFragment(caption: string): Json {
  return {
    object: 'fragment',
    fragment: 'caption',
    nodes: [
      {
        object: 'block',
        type: 'paragraph',
        data: {},
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: caption, marks: [] }] }],
      },
    ],
  };
}

function widthText(width: unknown): string {
  if (typeof width === 'number') return String(width);
  const length = width as { value?: number; unit?: string } | undefined;
  return typeof length?.value === 'number' ? `${length.value}${length.unit ?? ''}` : '';
}
