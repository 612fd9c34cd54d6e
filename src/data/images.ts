/** Turns the image pipeline's data into the small shape our own <Picture> renders (no gatsby-plugin-image runtime). */

export interface PictureSource {
  type?: string;
  srcSet: string;
  sizes?: string;
}

/** Everything a <picture> needs: sizes for layout, sources per format, a fallback and a tiny placeholder. */
export interface PictureData {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  sources: PictureSource[];
  /** A small data: URI shown blurred until the image arrives. */
  placeholder?: string;
  alt: string;
}

/** The part of gatsby-plugin-image's IGatsbyImageData we read (structurally compatible with it). */
export interface ImageDataLike {
  width: number;
  height: number;
  images: {
    fallback?: { src: string; srcSet?: string; sizes?: string };
    sources?: ReadonlyArray<{ srcSet: string; type?: string; sizes?: string; media?: string }>;
  };
  placeholder?: { fallback?: string };
}

export function toPictureData(
  data: ImageDataLike | null | undefined,
  alt: string,
): PictureData | undefined {
  const fallback = data?.images.fallback;
  if (!data || !fallback) return undefined;
  return {
    src: fallback.src,
    srcSet: fallback.srcSet,
    sizes: fallback.sizes,
    width: data.width,
    height: data.height,
    sources: (data.images.sources ?? []).map(({ srcSet, type, sizes }) => ({
      srcSet,
      type,
      sizes,
    })),
    placeholder: data.placeholder?.fallback,
    alt,
  };
}
