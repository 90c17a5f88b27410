/** Types of the static catalogue. Components import these types, never the data. */

export type Plataforma = 'playstation' | 'xbox' | 'nintendo' | 'otras'

export interface Imagen {
  src: string
  alt: string
  width: number
  height: number
}

/** Brand or model card: name, image, description, link. */
export interface Tarjeta {
  slug: string
  nombre: string
  descripcion: string
  imagen: Imagen
  link: string
  plataforma: Plataforma
}

export interface MarcaMando extends Tarjeta {
  /** Short name used in breadcrumbs and titles ("PlayStation"). */
  titulo: string
}

export interface Servicio {
  slug: string
  nombre: string
  /** Price as shown: '10€' (IVA incluido). */
  precio: string
  imagen: Imagen
  link: string
  /** One-line summary for cards and meta descriptions. */
  resumen: string
  /** Paragraphs describing the repair. */
  descripcion: readonly string[]
  /** What the price covers. */
  incluye: readonly string[]
}

interface ModeloBase extends Tarjeta {
  marca: string
  /**
   * The quote form's option for this model: the controller models of the form are these, in the
   * catalogue's order, then 'Otro' (app/lib/quote/models.server.ts).
   */
  modeloPresupuesto: string
  /** Lead paragraph of the model page. */
  intro: string
}

/** PS5 DualSense and Xbox Series: a page of service cards. */
export interface ModeloConServicios extends ModeloBase {
  tipo: 'servicios'
  servicios: readonly Servicio[]
}

/** Every other model: a checklist of repairable faults. */
export interface ModeloConAverias extends ModeloBase {
  tipo: 'averias'
  averias: readonly string[]
}

export type Modelo = ModeloConServicios | ModeloConAverias

export interface ReparacionConsola {
  nombre: string
  descripcion: string
}

export interface MarcaConsola extends Tarjeta {
  titulo: string
  intro: string
  modelos: readonly string[]
  /**
   * The quote form's options for this brand's consoles (none for some brands): the console models of
   * the form are these, brand after brand in the catalogue's order, then 'Otra' (app/lib/quote/models.server.ts).
   */
  modelosPresupuesto: readonly string[]
}

export interface Post {
  id: number
  slug: string
  titulo: string
  extracto: string
  /** YYYY-MM-DD */
  fecha: string
  imagen: Imagen
  /** The article's page: /blog/{slug}. */
  link: string
}

/**
 * A post's article: app/catalogo/articulos/{slug}.md, rendered at build time by
 * scripts/build/articles.ts into articulos.generado.ts (docs/decisions/060).
 */
export interface Articulo {
  /** YYYY-MM-DD: when the article last changed (its dateModified and the sitemap's lastmod). */
  actualizado: string
  /** The points of the summary box at the top. */
  resumen: readonly string[]
  /** The catalogue pages the article is about: services or controller models. */
  enlaces: readonly string[]
  /** The quote form's prefill of the closing call to action. */
  presupuesto: { tipo: 'mando' | 'consola'; modelo?: string; servicio?: string }
  /** Slugs of two or three related posts. */
  relacionados: readonly string[]
  /** Words of the body. */
  palabras: number
  minutosDeLectura: number
  /** The body as HTML: paragraphs, lists and its h2 (and h3) sections. */
  html: string
}

export interface Slide {
  titulo: string
  subtitulo: string
  imagen: Imagen
}

/** A link the catalogue puts next to a text: what it says and where it goes. */
export interface Enlace {
  texto: string
  to: string
}

export interface Ventaja {
  icono: Icono
  titulo: string
  texto: string
  /** Where to read more (the reasons of the quote page: shipping links to /envios). */
  enlace?: Enlace
}

export interface Paso {
  icono: Icono
  titulo: string
  texto: string
  /** Where to read more about this step. */
  enlace?: Enlace
}

export type Icono =
  | 'herramienta'
  | 'rayo'
  | 'escudo'
  | 'mando'
  | 'chat'
  | 'caja'
  | 'reloj'
  | 'check'
  | 'telefono'
  | 'correo'
  | 'ubicacion'
  | 'camion'
  | 'estrella'
  | 'cerrar'

/** A claim of the shop, worded for the page, with its icon. */
export interface Sello {
  texto: string
  icono: Icono
  /** The page that backs the claim (shipping to all of Spain: /envios); the claim links to it. */
  enlace?: string
}

/** The shop's facts a page fills in: its area, its hours, the street address (a setting), what comes with the quote. */
export type DatoDelTaller = 'zona' | 'direccion' | 'costes' | 'cuando'

/** One way of getting the device to the shop (/envios): bring it, or send it, with its facts. */
export interface FormaDeEntrega {
  icono: Icono
  titulo: string
  texto: string
  /** Each fact: a fixed text, or one of the shop's facts. */
  datos: ReadonlyArray<{ termino: string; texto: string } | { termino: string; dato: DatoDelTaller }>
}

/** How to pack one kind of device, or what to take out first (/envios). */
export interface Embalaje {
  icono: Icono
  titulo: string
  consejos: readonly string[]
}

/** A state of a quote, as its tracking page tells it. */
export interface EstadoSeguimiento {
  /** The state's label ('Solicitud recibida'). */
  etiqueta: string
  icono: Icono
  /** What happens now, in plain words. */
  ahora: string
  /** The step that comes next, greyed in the timeline, worded unlike any label; null when nothing follows. */
  siguiente: string | null
}

/** A section of the catalogue (/servicios/mandos, /servicios/consolas): the page that lists its brands. */
export interface Seccion {
  marcas: readonly Tarjeta[]
  meta: { title: string; description: string }
  eyebrow: string
  titulo: string
  lead: string
  /** Accessible name of the list of brands. */
  etiqueta: string
  /** What each brand card's link says. */
  cta: string
  columnas: 3 | 4
  cierre: { titulo: string; texto: string }
}
