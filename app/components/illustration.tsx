import type { Imagen } from '~/catalogo/tipos'

interface IllustrationProps {
  imagen: Imagen
  className?: string
  /** Images below the fold load lazily; the main image of a page does not. */
  lazy?: boolean
  /** Decorative images (their meaning is in the text next to them) get an empty alt. */
  decorative?: boolean
}

/** Every catalogue image: its size set (no layout shift) and its Spanish alt text. */
export function Illustration({ imagen, className, lazy = true, decorative = false }: IllustrationProps) {
  return (
    <img
      className={className}
      src={imagen.src}
      alt={decorative ? '' : imagen.alt}
      width={imagen.width}
      height={imagen.height}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
    />
  )
}
