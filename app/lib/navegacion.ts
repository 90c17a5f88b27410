/** Site navigation (spec, section 2): header links, then footer links. */
export const enlacesCabecera = [
  { to: '/', label: 'Inicio' },
  { to: '/#quienes-somos', label: 'Quiénes somos' },
  { to: '/servicios/mandos', label: 'Mandos' },
  { to: '/servicios/consolas', label: 'Consolas' },
  { to: '/blog', label: 'Blog' },
  { to: '/#contacto', label: 'Contacto' },
] as const

export const enlacesPie = [
  { to: '/', label: 'Inicio' },
  { to: '/#quienes-somos', label: 'Quiénes somos' },
  { to: '/#servicios', label: 'Servicios' },
  { to: '/blog', label: 'Blog' },
  { to: '/#contacto', label: 'Contacto' },
] as const
