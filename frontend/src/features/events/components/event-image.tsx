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
  /** The page's main picture (an event's hero): fetched first and at once, not lazily. */
  priority?: boolean;
}

/** An event's picture: the uploaded one in its widths (srcset), else the preset one; lazy unless `priority`. */
export function EventPicture({ fixed, uploaded, className, sizes, width, height, priority = false }: Props) {
  const loading = priority ? { loading: 'eager', fetchPriority: 'high' } as const : { loading: 'lazy' } as const;
  const variants = uploaded?.variants ?? [];
  if (!uploaded || variants.length === 0) {
    return <img className={className} src={fixed.url} alt={fixed.label} width={width} height={height} {...loading} decoding="async" />;
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
      {...loading}
      decoding="async"
    />
  );
}
