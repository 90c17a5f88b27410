import { catalogo } from '~/catalogo/consultas'
import { QUOTE_LIMITS, QUOTE_TYPES, type QuoteType } from '~shared/quote'

import { TYPE_GROUP_LABELS, TYPE_LABELS, type QuoteChoice, type QuotePrefill } from './options'

/** The last option of each list, for a model the list does not name. */
const OTHER_MODEL: Record<QuoteType, string> = { mando: 'Otro', consola: 'Otra' }

/**
 * The models the quote form lists for each type, built from the catalogue:
 * each controller model's `modeloPresupuesto`, then each console brand's
 * `modelosPresupuesto`, in the catalogue's order, each list closed by its
 * 'Otro' or 'Otra'. Loaders pass them to the form; the browser never
 * imports the catalogue. They only offer: the action takes any `modelo` the
 * schema accepts (a post without this form keeps its value).
 */
export const QUOTE_MODELS: Record<QuoteType, readonly string[]> = {
  mando: [...catalogo.modelosMandos.map((model) => model.modeloPresupuesto), OTHER_MODEL.mando],
  consola: [...catalogo.marcasConsolas.flatMap((brand) => brand.modelosPresupuesto), OTHER_MODEL.consola],
}

/** The form's types, in order, each with its label and its models. */
export const QUOTE_CHOICES: readonly QuoteChoice[] = QUOTE_TYPES.map((type) => ({
  tipo: type,
  label: TYPE_LABELS[type],
  group: TYPE_GROUP_LABELS[type],
  models: QUOTE_MODELS[type],
}))

/** The services the catalogue lists, with their advertised price, by the quote form's name of their model. */
const LISTED_SERVICES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  catalogo.modelosMandos.flatMap((model) =>
    model.tipo === 'servicios'
      ? [[model.modeloPresupuesto, new Set(model.servicios.map((service) => service.nombre))] as const]
      : [],
  ),
)

/**
 * The listed service a quote comes from, when the catalogue lists it for the quote's type and model (its
 * advertised price binds the shop: docs/decisions/105); else null: a service page's link for one model
 * whose visitor chose another, or a name the catalogue does not have.
 */
export function listedService(service: string | undefined, type: string | undefined, model: string | undefined) {
  if (!service || type !== 'mando' || !model) return null
  return LISTED_SERVICES.get(model)?.has(service) ? service : null
}

/**
 * Prefill of the form from the query (?tipo=&modelo=&servicio=), the model kept only when its type lists
 * it, the service (a hidden field) only when the catalogue lists it for that model.
 */
export function prefillFromQuery(params: URLSearchParams): QuotePrefill {
  const type = QUOTE_TYPES.find((value) => value === params.get('tipo'))
  const model = params.get('modelo') ?? ''
  const service = (params.get('servicio') ?? '').trim().slice(0, QUOTE_LIMITS.modelo)
  const listed = listedService(service, type, model)
  return {
    ...(type ? { tipo: type } : {}),
    ...(type && QUOTE_MODELS[type].includes(model) ? { modelo: model } : {}),
    ...(service ? { comentarios: `Me interesa el servicio «${service}».` } : {}),
    ...(listed ? { servicio: listed } : {}),
  }
}
