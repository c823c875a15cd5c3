import type { CatalogueImage as Image } from 'shared-contracts/schemas';

interface Props {
  image: Pick<Image, 'url' | 'width' | 'height'> & { alt?: string };
  /** the slot's width across breakpoints, e.g. '(max-width: 640px) 100vw, 280px' */
  sizes: string;
  className?: string;
  /** the one above-the-fold image of a page loads eagerly, first among the page's images */
  eager?: boolean;
  alt?: string;
}

/** An API image with its intrinsic size (no layout shift), lazy below the fold, scaled by CSS. */
export function CatalogueImage({ image, sizes, className, eager = false, alt }: Props) {
  return (
    <img
      src={image.url}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt ?? ''}
      sizes={sizes}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
