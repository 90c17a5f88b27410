import { posts } from './blog'
import { marcasConsolas, reparacionesConsolas } from './consolas'
import { marcasMandos, modelosMandos } from './mandos'
import { slides } from './slides'
import { datosTaller, imagenTaller, motivos, pasos, sellosPorLugar, tienda, ventajas } from './tienda'
import { secciones } from './secciones'
import type { MarcaConsola, MarcaMando, Modelo, ModeloConServicios, Seccion, Servicio } from './tipos'

/** Read access to the catalogue for loaders (and the tests). */
export const catalogo = {
  tienda,
  sellosPorLugar,
  motivos,
  datosTaller,
  imagenTaller,
  slides,
  ventajas,
  pasos,
  posts,
  marcasMandos,
  marcasConsolas,
  reparacionesConsolas,
  modelosMandos,
}

export function marcaMando(slug: string | undefined): MarcaMando | undefined {
  return marcasMandos.find((marca) => marca.slug === slug)
}

export function modelosDeMarca(marca: string): Modelo[] {
  return modelosMandos.filter((modelo) => modelo.marca === marca)
}

export function modeloMando(marca: string | undefined, slug: string | undefined): Modelo | undefined {
  return modelosMandos.find((modelo) => modelo.marca === marca && modelo.slug === slug)
}

export function servicioMando(
  marca: string | undefined,
  modelo: string | undefined,
  slug: string | undefined,
): { modelo: ModeloConServicios; servicio: Servicio } | undefined {
  const encontrado = modeloMando(marca, modelo)
  if (encontrado?.tipo !== 'servicios') return undefined
  const servicio = encontrado.servicios.find((item) => item.slug === slug)
  return servicio ? { modelo: encontrado, servicio } : undefined
}

export function marcaConsola(slug: string | undefined): MarcaConsola | undefined {
  return marcasConsolas.find((marca) => marca.slug === slug)
}

/** Every page of the site, generated from the catalogue (35 routes). */
export function rutasDelSitio(): string[] {
  const rutas = ['/', '/blog', '/presupuesto', '/servicios/mandos', '/servicios/consolas']
  for (const marca of marcasMandos) rutas.push(marca.link)
  for (const modelo of modelosMandos) {
    rutas.push(modelo.link)
    if (modelo.tipo === 'servicios') for (const servicio of modelo.servicios) rutas.push(servicio.link)
  }
  for (const marca of marcasConsolas) rutas.push(marca.link)
  return rutas
}

export function seccion(slug: string | undefined): Seccion | undefined {
  return slug === 'mandos' || slug === 'consolas' ? secciones[slug] : undefined
}
