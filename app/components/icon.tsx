import type { Icono } from '~/catalogo/tipos'

import sprite from './icons.svg'

type IconName =
  Icono | 'whatsapp' | 'menu' | 'cerrar' | 'flecha-izquierda' | 'flecha-derecha' | 'flecha' | 'arriba' | 'casa'

/** The names of the icons in icons.svg (a unit test keeps both lists the same). */
export const ICON_NAMES = [
  'herramienta',
  'rayo',
  'escudo',
  'mando',
  'chat',
  'caja',
  'reloj',
  'check',
  'telefono',
  'correo',
  'ubicacion',
  'camion',
  'estrella',
  'menu',
  'cerrar',
  'flecha-izquierda',
  'flecha-derecha',
  'flecha',
  'arriba',
  'casa',
  'whatsapp',
] as const satisfies readonly IconName[]

interface IconProps {
  name: IconName
  size?: number
  className?: string
}

/**
 * An icon of the site's sprite (icons.svg: stroke icons on a 24 px grid and WhatsApp's speech bubble),
 * decorative unless labelled by its control. The sprite is one cached file, not code in every page.
 */
export function Icon({ name, size = 24, className }: IconProps) {
  return (
    <svg className={className} width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  )
}
