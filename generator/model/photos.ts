/** Photos processed into the sizes and formats a page shows (the images stage). */

export interface PhotoVariant {
  width: number;
  format: 'avif' | 'webp' | 'jpeg' | 'png';
  /** Its path in the output. */
  output: string;
}

export interface Photo<Variant extends PhotoVariant = PhotoVariant> {
  width: number;
  height: number;
  fallback: 'jpeg' | 'png' | 'webp';
  variants: Variant[];
}

/** A photo as made (its files' bytes), or why sharp could not read it: the page that shows it tells. */
export type PhotoResult<Variant extends PhotoVariant = PhotoVariant & { bytes: Uint8Array }> =
  | { ok: true; photo: Photo<Variant> }
  | { ok: false; reason: string };

/** What a render knows of a photo: its variants' names and sizes, not their bytes. */
export type PhotoInfo = PhotoResult<PhotoVariant>;
