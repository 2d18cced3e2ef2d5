/**
 * The JSON document model: a Slate-style tree of blocks, inlines and text leaves, mirroring
 * GitBook's document format. Optional fields are omitted rather than set to `undefined`, so two
 * documents with the same content are deep-equal.
 */

/** Version of the document shape written into `document.data.schemaVersion`. */
export const SCHEMA_VERSION = 1;

/**
 * A text formatting mark. Beyond Markdown's four, GitBook writes `color` as
 * `<mark style="color:…;background-color:…;">`, `keyboard` as `<kbd>`, `superscript` as `<sup>` and
 * `subscript` as `<sub>`.
 */
export type MarkType =
  | 'bold'
  | 'italic'
  | 'strikethrough'
  | 'code'
  | 'color'
  | 'keyboard'
  | 'superscript'
  | 'subscript';

/** A mark applied to a leaf. */
export type Mark = PlainMark | ColorMark;

/** A mark without data. */
export interface PlainMark {
  object: 'mark';
  type: Exclude<MarkType, 'color'>;
}

/** Text or background colour (GitBook's names: `blue`, `red`, `orange`, …); at least one is set. */
export interface ColorMark {
  object: 'mark';
  type: 'color';
  data: { text?: string; background?: string };
}

/** A run of text sharing one set of marks. In text, `\n` is a hard line break. */
export interface Leaf {
  object: 'leaf';
  text: string;
  marks: Mark[];
}

/** A text node: consecutive leaves. */
export interface Text {
  object: 'text';
  leaves: Leaf[];
}

/** Where a link points. Markdown URLs are classified into these kinds when read. */
export type LinkRef =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string; anchor?: string }
  | { kind: 'file'; file: string }
  | { kind: 'anchor'; anchor: string };

/** Image attributes, shared by block images and inline images. */
export interface ImageData {
  src: string;
  alt?: string;
  title?: string;
  /** Caption of a GitBook figure; `''` for a figure written with an empty caption. */
  caption?: string;
  /** Display width of a GitBook figure, as written (`"300"`, `"50%"`). */
  width?: string;
  /** A GitBook figure shown in a frame (`<div data-with-frame="…">`). */
  frame?: boolean;
  /** A GitBook figure shown at full width, or explicitly not (`<div data-full-width="…">`). */
  fullWidth?: boolean;
  /** The image shown in dark mode (GitBook's `<picture>` with a dark-scheme `<source>`). */
  srcDark?: string;
  /** Alignment of a block image (`<div align="…">`). */
  align?: ImageAlign;
}

/** Alignment of a block image. */
export type ImageAlign = 'left' | 'center' | 'right';

/** A link; its children are the link text. */
export interface LinkInline {
  object: 'inline';
  type: 'link';
  data: { ref: LinkRef; title?: string };
  nodes: InlineContent[];
}

/** An image inside running text. */
export interface InlineImageInline {
  object: 'inline';
  type: 'inline-image';
  isVoid: true;
  data: Omit<ImageData, 'caption' | 'width' | 'frame' | 'fullWidth' | 'align'>;
}

/** A TeX formula inside running text (`$$x$$`). */
export interface InlineMathInline {
  object: 'inline';
  type: 'inline-math';
  isVoid: true;
  data: { formula: string };
}

/**
 * An expression shown as its value (GitBook's variables): `space.vars.name`, `page.vars.name`.
 * Written in Markdown as GitBook writes it, `<code class="expression">space.vars.name</code>`.
 */
export interface ExpressionInline {
  object: 'inline';
  type: 'expression';
  isVoid: true;
  data: { expression: string };
}

/** An emoji; `code` is its code points in lowercase hex joined by `-` (e.g. `1f44d`). */
export interface EmojiInline {
  object: 'inline';
  type: 'emoji';
  isVoid: true;
  data: { code: string };
}

/** A mention of a user, written in Markdown as `[label](mention:user)`. */
export interface MentionInline {
  object: 'inline';
  type: 'mention';
  isVoid: true;
  data: { user: string; label: string };
}

/** A Font Awesome icon GitBook writes in text: `<i class="fa-rocket"></i>` → `{ icon: 'rocket' }`. */
export interface IconInline {
  object: 'inline';
  type: 'icon';
  isVoid: true;
  data: { icon: string };
}

/**
 * A button: a link (`<a href="…" class="button primary">Label</a>`) or an action such as asking
 * the assistant (`<button type="button" class="button primary" data-action="ask" data-query="…">`);
 * `icon` is the `data-icon` GitBook writes.
 */
export interface ButtonInline {
  object: 'inline';
  type: 'button';
  isVoid: true;
  data: {
    kind: 'primary' | 'secondary';
    label: string;
    ref?: LinkRef;
    action?: string;
    query?: string;
    icon?: string;
  };
}

/** Inline Markdown the model does not represent (inline HTML, footnote references), verbatim. */
export interface RawInline {
  object: 'inline';
  type: 'raw';
  isVoid: true;
  data: { markdown: string };
}

/** Any inline node. */
export type Inline =
  | LinkInline
  | InlineImageInline
  | InlineMathInline
  | ExpressionInline
  | EmojiInline
  | MentionInline
  | IconInline
  | ButtonInline
  | RawInline;

/** What blocks holding running text contain. */
export type InlineContent = Text | Inline;

interface BlockBase {
  object: 'block';
  /** Stable id derived from the block's content and occurrence; see `assignKeys`. */
  key?: string;
}

/** A paragraph. */
export interface ParagraphBlock extends BlockBase {
  type: 'paragraph';
  nodes: InlineContent[];
}

/**
 * A heading. Markdown levels 4–6 are kept as `heading-3` with `data.level` set, so consumers that
 * know three levels still render them and the Markdown writer restores the original level.
 */
export interface HeadingBlock extends BlockBase {
  type: 'heading-1' | 'heading-2' | 'heading-3';
  /** `anchor`: an explicit id, written as GitBook does (`## Title <a href="#id" id="id"></a>`). */
  data?: { level?: 4 | 5 | 6; anchor?: string };
  nodes: InlineContent[];
}

/** A list. `loose` lists render their items as paragraphs (blank lines between items). */
export interface ListBlock extends BlockBase {
  type: 'list-ordered' | 'list-unordered' | 'list-tasks';
  data?: { start?: number; loose?: true };
  nodes: ListItemBlock[];
}

/** A list item; `checked` is set for task items. */
export interface ListItemBlock extends BlockBase {
  type: 'list-item';
  data?: { checked: boolean };
  nodes: Block[];
}

/** A block quote. */
export interface BlockquoteBlock extends BlockBase {
  type: 'blockquote';
  nodes: Block[];
}

/** A code block; one `code-line` per line. */
export interface CodeBlock extends BlockBase {
  type: 'code';
  data?: {
    syntax?: string;
    meta?: string;
    title?: string;
    lineNumbers?: boolean;
    overflow?: string;
    /** Shown collapsed, with a button to expand it (`expandable="true"`). */
    expandable?: boolean;
  };
  nodes: CodeLineBlock[];
}

/** One line of a code block: a single unmarked leaf. */
export interface CodeLineBlock extends BlockBase {
  type: 'code-line';
  nodes: [Text];
}

/** Hint styles. */
export type HintStyle = 'info' | 'success' | 'warning' | 'danger';

/** A call-out (`{% hint style="…" %}`). */
export interface HintBlock extends BlockBase {
  type: 'hint';
  /** `icon`: a Font Awesome icon name GitBook shows instead of the style's. */
  data: { style: HintStyle; icon?: string };
  nodes: Block[];
}

/** Column alignment of a table. */
export type TableAlign = 'left' | 'center' | 'right' | null;

/**
 * A table; the first row is the header row. Written as GFM, or as GitBook's one-line HTML
 * `<table>` when its settings (view, widths, column types…) or cells (hard breaks, blocks) need it.
 */
export interface TableBlock extends BlockBase {
  type: 'table';
  data: {
    align: TableAlign[];
    /** How GitBook shows the table (`data-view`): rows, or a grid of cards. */
    view?: TableView;
    /** Size of the cards in the cards view (`data-card-size`), e.g. `large`. */
    cardSize?: string;
    /** Whether card text wraps (`data-card-wrap`). */
    cardWrap?: boolean;
    /** Whether the table shows a search box (`data-search`). */
    search?: boolean;
    /** Whether the table spans the page's full width (`data-full-width`). */
    fullWidth?: boolean;
    /** Settings of each column, in order; left out when no column has any. */
    columns?: TableColumn[];
  };
  nodes: TableRowBlock[];
}

/** GitBook's table views. */
export type TableView = 'table' | 'cards';

/** Settings of one table column: the attributes of its header cell in GitBook's HTML. */
export interface TableColumn {
  /** Display width as written (`width="279.703125"`). */
  width?: string;
  /** Vertical alignment of the column's cells (`valign`). */
  verticalAlign?: 'top' | 'middle' | 'bottom';
  /** Hidden from the table (`data-hidden`); cards still use it as their target or cover. */
  hidden?: true;
  /** The column whose link a card opens (`data-card-target`). */
  cardTarget?: true;
  /** The column holding each card's cover image (`data-card-cover`). */
  cardCover?: true;
  /** The column holding each card's cover image in dark mode (`data-card-cover-dark`). */
  cardCoverDark?: true;
  /**
   * What the column holds (`data-type`): `content-ref` (a link to a page or URL), `image`,
   * `files`, `number`, `checkbox` (`true` / `false`) and so on; ordinary text when left out.
   */
  type?: string;
}

/** A table row. */
export interface TableRowBlock extends BlockBase {
  type: 'table-row';
  nodes: TableCellBlock[];
}

/**
 * A table cell: running text, or blocks. Only tables written as HTML hold blocks in cells, as
 * GitBook writes the title and text of a card (`<td><h4>Title</h4><p>Text</p></td>`).
 */
export interface TableCellBlock extends BlockBase {
  type: 'table-cell';
  nodes: InlineContent[] | TableCellContent[];
}

/**
 * The blocks a cell can hold: headings, paragraphs and lists whose items hold these blocks
 * (an item of one paragraph is written as its text, `<li>text</li>`).
 */
export type TableCellContent = ParagraphBlock | HeadingBlock | ListBlock;

/** A paragraph made only of images, or GitBook `<figure>` images with captions. */
export interface ImagesBlock extends BlockBase {
  type: 'images';
  nodes: ImageBlock[];
}

/** One image of an `images` block. */
export interface ImageBlock extends BlockBase {
  type: 'image';
  isVoid: true;
  data: ImageData;
}

/** A thematic break. */
export interface DividerBlock extends BlockBase {
  type: 'divider';
  isVoid: true;
}

/** A display formula (`$$` on its own lines). */
export interface MathBlock extends BlockBase {
  type: 'math';
  isVoid: true;
  data: { formula: string };
}

/** Tabs (`{% tabs %}`); each `tabs-item` is one tab. */
export interface TabsBlock extends BlockBase {
  type: 'tabs';
  nodes: TabsItemBlock[];
}

/** One tab (`{% tab title="…" %}`). */
export interface TabsItemBlock extends BlockBase {
  type: 'tabs-item';
  data: { title: string; icon?: string };
  nodes: Block[];
}

/** A collapsible section (`<details><summary>title</summary>…</details>`); `open`: shown expanded. */
export interface ExpandableBlock extends BlockBase {
  type: 'expandable';
  data: { title: string; open?: true };
  nodes: Block[];
}

/**
 * An embedded URL (`{% embed url="…" %}`), with the plain-text caption GitBook writes between
 * `{% embed %}` and `{% endembed %}` when there is one.
 */
export interface EmbedBlock extends BlockBase {
  type: 'embed';
  isVoid: true;
  data: { url: string; caption?: string };
}

/** A downloadable file (`{% file src="…" %}`). */
export interface FileBlock extends BlockBase {
  type: 'file';
  isVoid: true;
  /** `caption`: the plain text GitBook writes between `{% file %}` and `{% endfile %}`. */
  data: { src: string; caption?: string };
}

/** A card linking to another page (`{% content-ref url="…" %}…{% endcontent-ref %}`). */
export interface ContentRefBlock extends BlockBase {
  type: 'content-ref';
  data: { url: string };
  nodes: Block[];
}

/** An older GitBook card linking to another page (`{% page-ref page="…" %}`). */
export interface PageRefBlock extends BlockBase {
  type: 'page-ref';
  isVoid: true;
  data: { page: string };
}

/**
 * Content shown only to visitors matching a condition (GitBook's adaptive content):
 * `{% if visitor.claims.… %}…{% endif %}`; `condition` is the expression as written.
 */
export interface ConditionalBlock extends BlockBase {
  type: 'conditional';
  data: { condition: string };
  nodes: Block[];
}

/**
 * Markdown the model does not represent (HTML blocks, definitions, footnotes, unknown tags,
 * YAML front matter), kept verbatim and written back unchanged.
 */
export interface RawBlock extends BlockBase {
  type: 'raw';
  isVoid: true;
  data: { markdown: string };
}

/** Any block. */
export type Block =
  | ParagraphBlock
  | HeadingBlock
  | ListBlock
  | ListItemBlock
  | BlockquoteBlock
  | CodeBlock
  | CodeLineBlock
  | HintBlock
  | TableBlock
  | TableRowBlock
  | TableCellBlock
  | ImagesBlock
  | ImageBlock
  | DividerBlock
  | MathBlock
  | TabsBlock
  | TabsItemBlock
  | ExpandableBlock
  | EmbedBlock
  | FileBlock
  | ContentRefBlock
  | StepperBlock
  | StepperStepBlock
  | ColumnsBlock
  | ColumnBlock
  | UpdatesBlock
  | UpdateBlock
  | PromptBlock
  | ReusableContentBlock
  | OpenAPIBlock
  | PageRefBlock
  | ConditionalBlock
  | RawBlock;

/** A GitBook tag's attributes (`date="2025-01-01"` → `{ date: '2025-01-01' }`), in written order. */
export type TagAttributes = Record<string, string>;

/** Numbered steps: `{% stepper %}{% step %}…{% endstep %}{% endstepper %}`. */
export interface StepperBlock extends BlockBase {
  type: 'stepper';
  nodes: StepperStepBlock[];
}

/** One step of a stepper. */
export interface StepperStepBlock extends BlockBase {
  type: 'stepper-step';
  nodes: Block[];
}

/** Side-by-side columns: `{% columns %}{% column width="50%" %}…{% endcolumn %}{% endcolumns %}`. */
export interface ColumnsBlock extends BlockBase {
  type: 'columns';
  nodes: ColumnBlock[];
}

/** One column; `data` holds its attributes (`width`). */
export interface ColumnBlock extends BlockBase {
  type: 'column';
  data?: TagAttributes;
  nodes: Block[];
}

/** A changelog: `{% updates format="full" %}{% update date="…" tags="…" %}…{% endupdates %}`. */
export interface UpdatesBlock extends BlockBase {
  type: 'updates';
  data?: TagAttributes;
  nodes: UpdateBlock[];
}

/** One dated entry of a changelog; `data` holds `date` and, when set, `tags` (comma-separated). */
export interface UpdateBlock extends BlockBase {
  type: 'update';
  data?: TagAttributes;
  nodes: Block[];
}

/** An AI prompt to copy: `{% prompt description="…" %}…{% endprompt %}`; `data` holds its attributes. */
export interface PromptBlock extends BlockBase {
  type: 'prompt';
  data?: TagAttributes;
  nodes: Block[];
}

/**
 * Where a `reusable-content` block points (GitBook's `ContentRefReusableContent`). In stored
 * content `reusableContent` is the reusable content's id; read from Markdown, it is the include
 * path as written (`../.gitbook/includes/intro.md`), which the content that holds the page
 * resolves to an id, and writes back as a path, since only it knows the titles behind the names.
 */
export interface ReusableContentRef {
  kind: 'reusable-content';
  reusableContent: string;
  /** The space that holds the reusable content; absent: the same space. */
  space?: string;
}

/** Reusable content included by reference: `{% include "<path>" %}` in GitBook Markdown. */
export interface ReusableContentBlock extends BlockBase {
  type: 'reusable-content';
  isVoid: true;
  data: { ref: ReusableContentRef };
}

/**
 * An OpenAPI block: `{% openapi src="…" path="…" method="…" %}` (an operation of a spec),
 * `{% openapi-operation spec="…" path="…" method="…" %}`, `{% openapi-schemas spec="…" schemas="…" %}`,
 * `{% openapi-webhook spec="…" name="…" method="…" %}`
 * or the older `{% swagger … %}`, up to its closing tag. `tag` is which of these, `attributes`
 * its attributes; the children are what GitBook writes inside (usually a link to the spec).
 */
export interface OpenAPIBlock extends BlockBase {
  type: 'openapi';
  data: { tag: OpenAPITag; attributes: TagAttributes };
  nodes: Block[];
}

/** The tags that hold an OpenAPI block. */
export type OpenAPITag =
  | 'openapi'
  | 'openapi-operation'
  | 'openapi-schemas'
  | 'openapi-webhook'
  | 'swagger';

/** Block type names. */
export type BlockType = Block['type'];

/** Inline type names. */
export type InlineType = Inline['type'];

/** A whole document. */
export interface Document {
  object: 'document';
  data: { schemaVersion: number };
  nodes: Block[];
}

/** Something the reader kept verbatim rather than modelled; nothing is dropped. */
export interface ConversionWarning {
  /**
   * What was kept verbatim. `mdx` is JSX written for MDX sites (`<Tabs>`, `style={{…}}`), which
   * neither GitBook nor CommonMark reads as anything but HTML.
   */
  kind: 'html' | 'mdx' | 'definition' | 'footnote' | 'tag' | 'frontmatter' | 'other';
  /** Human-readable explanation. */
  message: string;
  /** 1-based line in the Markdown source, when known. */
  line?: number;
}
