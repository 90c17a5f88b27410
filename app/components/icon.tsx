import type { Icono } from '~/catalogo/tipos'

type Nombre = Icono | 'whatsapp' | 'menu' | 'cerrar' | 'flecha-izquierda' | 'flecha-derecha' | 'flecha' | 'casa'

/** Stroke icons drawn for this site (24 px grid, 2 px stroke); decorative unless labelled by their control. */
const paths: Record<Exclude<Nombre, 'whatsapp'>, string> = {
  herramienta:
    'M14.7 6.3a4 4 0 0 0-5.4 5.1L3.6 17.1a1.9 1.9 0 0 0 2.7 2.7l5.7-5.7a4 4 0 0 0 5.1-5.4l-2.5 2.5-2.2-.6-.6-2.2 2.9-2.1z',
  rayo: 'M13 2 4 14h7l-1 8 9-12h-7l1-8z',
  escudo: 'M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3zm-3.2 9.2 2.3 2.3 4.3-4.6',
  mando:
    'M7 7h10a5 5 0 0 1 4.9 4l.9 4.6a2.7 2.7 0 0 1-4.6 2.3L16 15.8H8l-2.2 2.1a2.7 2.7 0 0 1-4.6-2.3L2.1 11A5 5 0 0 1 7 7zm0 3v4m-2-2h4m6.5-1h.01M17.5 13h.01',
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12zM8.5 12h.01m3.49 0h.01m3.49 0h.01',
  caja: 'm21 8-9-5-9 5 9 5 9-5zM3 8v8l9 5 9-5V8M12 13v8M7.5 5.5l9 5',
  reloj: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-13v4.5l3 2',
  check: 'm5 12.5 4.5 4.5L19 7.5',
  telefono:
    'M21 16.5v3a2 2 0 0 1-2.2 2A19 19 0 0 1 2.5 5.2 2 2 0 0 1 4.5 3h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8.5 10.8a16 16 0 0 0 4.7 4.7l1.2-1.2a2 2 0 0 1 2.1-.5c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
  correo: 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm17 1.5-9 6.5-9-6.5',
  ubicacion: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  camion: 'M2 6h11v10H2zM13 10h4.5l3.5 3.5V16h-8M6.5 19.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm11 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  estrella: 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9L12 3z',
  menu: 'M4 7h16M4 12h16M4 17h16',
  cerrar: 'M6 6l12 12M18 6 6 18',
  'flecha-izquierda': 'm15 5-7 7 7 7',
  'flecha-derecha': 'm9 5 7 7-7 7',
  flecha: 'M5 12h14m-6-6 6 6-6 6',
  casa: 'm3 11 9-8 9 8M5 9.5V20h5v-6h4v6h5V9.5',
}

/** WhatsApp's generic speech-bubble glyph, filled. */
const WHATSAPP =
  'M12 2.2a9.8 9.8 0 0 0-8.4 14.9L2.2 21.8l4.8-1.3A9.8 9.8 0 1 0 12 2.2zm0 1.8a8 8 0 1 1-4.1 14.9l-.3-.2-2.8.8.8-2.7-.2-.3A8 8 0 0 1 12 4zm-3.4 4.2c-.2 0-.5 0-.7.3-.3.3-1 1-1 2.3s1 2.7 1.2 2.9c.1.2 2 3.1 4.9 4.3 2.4.9 2.9.8 3.4.7.5 0 1.7-.7 1.9-1.4.2-.7.2-1.3.2-1.4-.1-.1-.3-.2-.6-.4l-1.9-.9c-.3-.1-.5-.1-.7.1l-.9 1.1c-.2.2-.3.2-.6.1-.3-.2-1.2-.5-2.3-1.4-.9-.8-1.4-1.7-1.6-2-.2-.3 0-.4.1-.6l.4-.5.3-.5v-.5l-.9-2.1c-.2-.5-.4-.5-.6-.5h-.6z'

interface IconProps {
  name: Nombre
  size?: number
  className?: string
}

export function Icon({ name, size = 24, className }: IconProps) {
  if (name === 'whatsapp') {
    return (
      <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={WHATSAPP} />
      </svg>
    )
  }
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  )
}
