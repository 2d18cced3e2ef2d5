/**
 * What pdfkit does that its type declarations leave out. A continued paragraph takes every text
 * option its previous run had unless the next run sets it, and `null` is how a run clears an
 * internal link (`goTo`) as it clears an external one (`link`). An image opened once
 * (`openImage`) is embedded once, however often it is placed.
 */
declare global {
  namespace PDFKit.Mixins {
    interface ContinuedTextOptions extends Omit<TextOptions, 'goTo'> {
      goTo?: string | null;
    }

    /** An image `openImage` read: its size in pixels. */
    interface OpenedPdfImage {
      readonly width: number;
      readonly height: number;
    }

    interface PDFImage {
      openImage(src: Buffer): OpenedPdfImage;
      image(src: OpenedPdfImage, x?: number, y?: number, options?: ImageOption): this;
    }

    interface PDFText {
      text(text: string, x?: number, y?: number, options?: ContinuedTextOptions): this;
      text(text: string, options?: ContinuedTextOptions): this;
    }
  }
}

export {};
