/** Renders processed image data as a plain <picture>: lazy, sized so nothing shifts, fading in over the placeholder. */
import * as React from "react";
import styled from "styled-components";
import type { PictureData } from "../data/images";

export interface PictureProps {
  image: PictureData;
  /** "eager" for the largest image above the fold; everything else loads lazily. */
  loading?: "lazy" | "eager";
  sizes?: string;
  className?: string;
}

// React 18 has no `fetchPriority` prop (React 19 added it) and warns about the camel-cased name; the
// lowercase attribute passes through to the HTML as it is.
const highPriority = { fetchpriority: "high" } as React.ImgHTMLAttributes<HTMLImageElement>;

export function Picture({ image, loading = "lazy", sizes, className }: PictureProps) {
  const ref = React.useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = React.useState(false);
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
          {...(loading === "eager" ? highPriority : null)}
          onLoad={() => setLoaded(true)}
          $loaded={loaded}
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

const Img = styled.img<{ $loaded: boolean }>`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
  opacity: ${({ $loaded }) => ($loaded ? 1 : 0)};
  transition: opacity ${({ theme }) => theme.durations.fade} ease-out;
`;
