import type { Imagen } from '~/catalogo/tipos'

interface IllustrationProps {
  image: Imagen
  className?: string
  /**
   * The page's main image, in view on a phone at once: loaded first (eager,
   * high fetch priority) instead of lazily, so it is not what keeps the page
   * from painting.
   */
  priority?: boolean
  /** Decorative images (their meaning is in the text next to them) get an empty alt. */
  decorative?: boolean
}

/** Every catalogue image: its size set (no layout shift) and its Spanish alt text. */
export function Illustration({ image, className, priority = false, decorative = false }: IllustrationProps) {
  return (
    <img
      className={className}
      src={image.src}
      alt={decorative ? '' : image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      // React 18 passes the lowercase attribute through as is.
      {...(priority ? { fetchpriority: 'high' } : {})}
    />
  )
}
