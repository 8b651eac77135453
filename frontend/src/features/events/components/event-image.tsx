import type { EventImage } from '../../../lib/event-images';
import type { UploadedEventImage } from '../public-api';

/** The carousel's cards are 300 px wide at every screen size (public-events.css). */
export const CARD_SIZES = '300px';

interface Props {
  /** The preset picture of event_image_id, shown when nothing was uploaded. */
  fixed: EventImage;
  uploaded?: UploadedEventImage | null | undefined;
  className: string;
  /** How wide the picture shows, for the browser to choose a file from srcset. */
  sizes: string;
  width: number;
  height: number;
}

/** An event's picture: the uploaded one in its widths (srcset), else the preset one; lazy either way. */
export function EventPicture({ fixed, uploaded, className, sizes, width, height }: Props) {
  const variants = uploaded?.variants ?? [];
  if (!uploaded || variants.length === 0) {
    return <img className={className} src={fixed.url} alt={fixed.label} width={width} height={height} loading="lazy" decoding="async" />;
  }
  // The middle width for browsers without srcset; the largest gives the shape (no layout shift).
  const fallback = variants[Math.floor((variants.length - 1) / 2)] ?? variants[0];
  const largest = variants[variants.length - 1] ?? variants[0];
  return (
    <img
      className={className}
      src={fallback?.url}
      srcSet={variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ')}
      sizes={sizes}
      alt={uploaded.alt}
      width={largest?.width}
      height={largest?.height}
      loading="lazy"
      decoding="async"
    />
  );
}
