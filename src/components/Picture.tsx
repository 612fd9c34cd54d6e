/** Renders processed image data as a plain <picture>: lazy, sized so nothing shifts, over its blurred placeholder. */
import * as React from "react";
import styled from "styled-components";
import type { PictureData } from "../data/images";

export interface PictureProps {
  image: PictureData;
  /**
   * "eager" for a picture at the top of a page that is not its largest paint (a post's hero, below the
   * lead paragraph that is): fetched as soon as the HTML names it, at low priority. The page's bundles
   * start after the first paint, so nothing waits behind it on a quiet connection; at high or medium
   * priority Lighthouse's LCP graph waited for the post's hero (LCP 1.05–1.13 s, 0.85–0.91 s at low).
   */
  loading?: "lazy" | "eager";
  sizes?: string;
  className?: string;
}

// React 18 has no `fetchPriority` prop (React 19 added it) and warns about the camel-cased name; the
// lowercase attribute passes through to the HTML as it is.
const lowPriority = { fetchpriority: "low" } as React.ImgHTMLAttributes<HTMLImageElement>;

export function Picture({ image, loading = "lazy", sizes, className }: PictureProps) {
  const ref = React.useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = React.useState(false);
  // The picture shows as soon as the browser has it, before and without hydration (it used to fade in
  // once React saw it load, so the blog listing's featured image painted only after hydration: LCP
  // 2.5–2.7 s in Lighthouse's phone profile). Loading only drops the placeholder from behind it, which a
  // picture with transparent parts would show through.
  // An image can finish loading before React attaches onLoad (server-rendered HTML); catch that case.
  React.useEffect(() => {
    if (ref.current?.complete) setLoaded(true);
  }, []);
  const sizesValue = sizes ?? image.sizes;
  return (
    <Frame
      className={className}
      style={
        {
          // A custom property rather than an inline aspect-ratio, so a layout can let the frame fill
          // its cell instead (the featured card's image column).
          "--picture-ratio": `${image.width} / ${image.height}`,
          backgroundImage: image.placeholder && !loaded ? `url("${image.placeholder}")` : undefined,
        } as React.CSSProperties
      }
    >
      <picture>
        {image.sources.map((source) => (
          <source
            key={source.srcSet}
            type={source.type}
            srcSet={source.srcSet}
            sizes={sizesValue}
          />
        ))}
        <Img
          ref={ref}
          src={image.src}
          srcSet={image.srcSet}
          sizes={sizesValue}
          width={image.width}
          height={image.height}
          alt={image.alt}
          loading={loading}
          decoding="async"
          {...(loading === "eager" ? lowPriority : null)}
          onLoad={() => setLoaded(true)}
        />
      </picture>
    </Frame>
  );
}

const Frame = styled.div`
  position: relative;
  aspect-ratio: var(--picture-ratio);
  overflow: hidden;
  background-size: cover;
  background-position: center;
`;

const Img = styled.img`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
`;
