import { ACCOUNTING_YEARS } from '~shared/payment'
import { catalogo } from '~/catalogo/consultas'
import {
  CONFIRMATIONS_PER_DAY,
  CUSTOMER_EMAILS,
  LINKS_GAP_MINUTES,
  LINKS_KEPT_HOURS,
  LINKS_PER_DAY,
} from '~shared/customer-emails'
import { CONTRACT_RECORD_YEARS, WITHDRAWAL_DAYS, WITHDRAWAL_PAGE_PATH } from '~shared/contract'
import { PARTY_FIELDS } from '~shared/parties'
import { DECLINE_REASONS } from '~shared/offer'
import { QUOTE_LIMITS } from '~shared/quote'
import { LOOKUP_CAP_HOURS, TRACKING_STATE_LABELS } from '~shared/tracking'
import { QUOTES_PER_VISITOR_DAY } from '~shared/visitor'

import type { Settings } from './env.server'
import { readablePhone } from './whatsapp'
import { CONSENT_VALID_MONTHS } from './consent'
import { STORED_KEYS } from './stored-keys.server'
import { checkTaxId } from '~shared/tax-id'

/**
 * The legal pages' data: every word is the catalogue's (app/catalogo/legal.ts, app/catalogo/privacidad.ts),
 * filled in here from what the code does: the holder's identity from the settings (a value that is not yet
 * the operator's own is marked), the quote form's fields from its schema's type, the retention from its
 * setting, the caps and lists from their one home, the cookies from their one list, the analytics from
 * whether ANALYTICS_ID is set (docs/decisions/082-legal-pages-from-the-code.md).
 */

/** A fact of the holder: its value, and whether it is still the placeholder committed here. */
export interface LegalFact {
  label: string
  value: string
  placeholder: boolean
  setting?: string
  /** The value as a link (mailto:, tel:). */
  href?: string
}

type IdentitySetting = 'SHOP_LEGAL_NAME' | 'SHOP_TAX_ID' | 'SHOP_LEGAL_ADDRESS' | 'SHOP_EMAIL' | 'SHOP_PHONE'

/**
 * The holder's identity (LSSI-CE art. 10): name, tax id, address, e-mail, phone and the registry, if any. A
 * setting that is not the operator's own (unset, invalid, or the example committed here) is marked.
 */
export function legalIdentity(settings: Settings): LegalFact[] {
  const { titular } = catalogo.legal
  const fact = (setting: IdentitySetting, label: string, value: string = settings[setting]): LegalFact => ({
    label,
    value,
    placeholder: settings.notOwn.has(setting),
    setting,
  })
  return [
    fact('SHOP_LEGAL_NAME', titular.nombre),
    fact('SHOP_TAX_ID', titular.nif),
    fact('SHOP_LEGAL_ADDRESS', titular.domicilio),
    fact('SHOP_EMAIL', titular.correo),
    fact('SHOP_PHONE', titular.telefono, readablePhone(settings.SHOP_PHONE)),
    {
      label: titular.registro,
      value: settings.SHOP_REGISTRY || titular.sinRegistro,
      placeholder: false,
    },
  ]
}

/**
 * Why the SHOP_TAX_ID the environment gives was refused, for /aviso-legal to show (the page shows the
 * placeholder meanwhile; off this machine the site does not answer until it is right); null when it is
 * unset or valid.
 */
export function taxIdProblem(given: unknown): string | null {
  if (typeof given !== 'string' || !given.trim()) return null
  const check = checkTaxId(given)
  return check.valid
    ? null
    : `SHOP_TAX_ID no es válido: ${check.reason}. Hasta que lo corrijas se muestra el de ejemplo.`
}

/** One processing activity of RGPD art. 13: what, what for, on what basis, how long, who receives it. */
export interface Processing {
  title: string
  /** Said before the rest, when the activity does not run now (the analytics without ANALYTICS_ID). */
  note?: string
  data: string
  purpose: string
  basis: string
  retention: string
  recipients: string
}

const { avisoLegal, cookies, privacidad, proveedores, reclamaciones, registros, resumen } = catalogo.legal
const { cloudflare, telegram, whatsapp, google, stripe } = proveedores

/** "a, b y c". */
const list = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} y ${items.at(-1)}` : items.join('')

const quoted = (items: Record<string, string>) => list(Object.values(items).map((item) => `«${item}»`))

/** A catalogue text with its `{name}` placeholders filled (each wherever it stands); an unknown one is left. */
const fill = (text: string, values: Readonly<Record<string, string | number>>) =>
  text.replace(/\{([^{}]+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))

/** How long the tag's cookies and a consent choice last (TAG_CONFIG: cookie_expires, not renewed), in months. */
const CONSENT_MONTHS = fill(privacidad.meses, { n: CONSENT_VALID_MONTHS })

/**
 * What /privacidad's placeholders stand for: the code's own lists, caps and periods, and the retention
 * texts built from QUOTE_RETENTION_DAYS (`days`) that several activities share.
 */
function privacyFacts(days: number): Record<string, string | number> {
  const { conservacion, camposDelFormulario, horas } = privacidad
  const plazo = fill(conservacion.plazo, { dias: days })
  const byHand = (lo: string) => fill(conservacion.aMano, { lo, dias: days })
  const limits: Readonly<Record<string, number>> = QUOTE_LIMITS
  const fields = Object.entries(camposDelFormulario).map(([field, text]) =>
    fill(text, field in limits ? { max: limits[field] ?? '' } : {}),
  )
  return {
    dias: days,
    solicitud: fill(conservacion.solicitud, { plazo }),
    conLaSolicitud: fill(conservacion.conLaSolicitud, { plazo }),
    chat: fill(conservacion.chat, { aMano: byHand('los') }),
    correo: fill(conservacion.correo, { aMano: byHand('la') }),
    whatsapp: fill(conservacion.whatsapp, { dias: days }),
    campos: list(fields),
    pasos: quoted(TRACKING_STATE_LABELS),
    correos: list(Object.values(CUSTOMER_EMAILS)),
    motivos: quoted(DECLINE_REASONS),
    partes: list(Object.values(PARTY_FIELDS)),
    confirmacionesAlDia: CONFIRMATIONS_PER_DAY,
    enlacesAlDia: LINKS_PER_DAY,
    minutosEntreEnlaces: LINKS_GAP_MINUTES,
    horasEnlaces: LINKS_KEPT_HOURS,
    añosDelRegistro: CONTRACT_RECORD_YEARS,
    solicitudesAlDia: QUOTES_PER_VISITOR_DAY,
    horasIp: LOOKUP_CAP_HOURS.visitor === 1 ? horas.una : fill(horas.varias, { n: LOOKUP_CAP_HOURS.visitor }),
    horasIntento: LOOKUP_CAP_HOURS.pair,
    añosDeContabilidad: ACCOUNTING_YEARS,
    meses: CONSENT_MONTHS,
  }
}

/** /privacidad: the catalogue's texts (app/catalogo/privacidad.ts) filled from the code and the settings. */
export function privacyPage(settings: Settings) {
  const facts = privacyFacts(settings.QUOTE_RETENTION_DAYS)
  const analytics = Boolean(settings.ANALYTICS_ID)
  const googleNow = analytics
    ? google
    : { ...google, papel: `${google.papel} ${privacidad.analiticaDesactivada.proveedor}` }
  const processing = Object.entries(privacidad.tratamientos).map(([key, item]): Processing => ({
    title: item.titulo,
    // The analytics do not run without ANALYTICS_ID: said before the rest.
    ...(key === 'analitica' && !analytics ? { note: privacidad.analiticaDesactivada.tratamiento } : {}),
    data: fill(item.datos, facts),
    purpose: fill(item.finalidad, facts),
    basis: fill(item.base, facts),
    retention: fill(item.conservacion, facts),
    recipients: fill(item.destinatarios, facts),
  }))
  return {
    meta: privacidad.meta,
    titulo: privacidad.titulo,
    lead: privacidad.lead,
    processing,
    providers: [cloudflare, telegram, whatsapp, stripe, googleNow],
    logs: registros,
    rights: privacidad.derechos,
    authority: privacidad.autoridad,
    controller: legalIdentity(settings),
    email: settings.SHOP_EMAIL,
  }
}

/**
 * /aviso-legal's 'Reclamaciones': where to complain (the shop's e-mail and phone, a letter to the holder), the
 * answer within a month (TRLGDCU art. 21.3), the hojas de reclamaciones at the workshop, and whether the holder
 * adheres to consumer arbitration (SHOP_CONSUMER_ARBITRATION; empty, it says it does not). No link to the EU's
 * ODR platform: it closed in July 2025 (docs/decisions/119).
 */
export function complaints(settings: Settings) {
  const identity = legalIdentity(settings)
  const linked = (setting: IdentitySetting, href: string): LegalFact[] =>
    identity.filter((fact) => fact.setting === setting).map((fact) => ({ ...fact, href }))
  const letterSetting = (['SHOP_LEGAL_NAME', 'SHOP_LEGAL_ADDRESS'] as const).find((key) => settings.notOwn.has(key))
  const letter: LegalFact = {
    label: reclamaciones.porCarta,
    value: `${settings.SHOP_LEGAL_NAME}, ${settings.SHOP_LEGAL_ADDRESS}`,
    placeholder: letterSetting !== undefined,
    ...(letterSetting ? { setting: letterSetting } : {}),
  }
  const board = settings.SHOP_CONSUMER_ARBITRATION
  return {
    title: reclamaciones.titulo,
    intro: reclamaciones.intro,
    channels: [
      ...linked('SHOP_EMAIL', `mailto:${settings.SHOP_EMAIL}`),
      ...linked('SHOP_PHONE', `tel:+34${settings.SHOP_PHONE}`),
      letter,
    ],
    answer: reclamaciones.plazo,
    forms: reclamaciones.hojas.replace('{taller}', settings.SHOP_SHIPPING_ADDRESS || catalogo.tienda.direccion.texto),
    arbitration: board
      ? reclamaciones.arbitraje.adherido.replace('{junta}', board)
      : reclamaciones.arbitraje.noAdherido,
    authorities: reclamaciones.consumo,
  }
}

/** /aviso-legal; `givenTaxId` is SHOP_TAX_ID as the environment gives it, to say why it was refused. */
export function legalNoticePage(settings: Settings, givenTaxId?: unknown) {
  return {
    meta: avisoLegal.meta,
    titulo: avisoLegal.titulo,
    lead: avisoLegal.lead,
    intro: avisoLegal.titular.replace('{tienda}', catalogo.tienda.nombre),
    identity: legalIdentity(settings),
    taxIdProblem: taxIdProblem(givenTaxId),
    complaints: complaints(settings),
    withdrawal: {
      title: reclamaciones.desistimiento.titulo,
      text: reclamaciones.desistimiento.texto.replace('{dias}', String(WITHDRAWAL_DAYS)),
      link: { label: reclamaciones.desistimiento.enlace, to: WITHDRAWAL_PAGE_PATH },
    },
    sections: avisoLegal.secciones,
  }
}

export function cookiesPage(settings: Settings) {
  const texts = settings.ANALYTICS_ID ? cookies.analitica.activa : cookies.analitica.desactivada
  return {
    meta: cookies.meta,
    titulo: cookies.titulo,
    lead: cookies.lead,
    own: cookies.propias,
    google: texts.google,
    choice: `${cookies.configurar} ${texts.configurar}`,
    rows: STORED_KEYS.map(({ matches: _matches, ...row }) => row),
    googleLink: google.enlace,
  }
}

/**
 * The footer's privacy and cookie summaries, the quote form's notice and the banner's text, as every page
 * shows them: the holder's legal name filled in, and the analytics texts of whether ANALYTICS_ID is set.
 * The root loader sends this (app/lib/layout.server.ts); `{tienda}`, `{dias}` and `{correo}` are left
 * for the components.
 */
export function legalSummary(settings: Settings) {
  const holder = settings.notOwn.has('SHOP_LEGAL_NAME') ? resumen.titularSinFijar : settings.SHOP_LEGAL_NAME
  const withHolder = (text: string) => text.replace('{titular}', holder)
  const analytics = settings.ANALYTICS_ID ? resumen : resumen.sinAnalitica
  return {
    privacidad: resumen.privacidad.map(({ termino, texto }) => ({ termino, texto: withHolder(texto) })),
    formulario: withHolder(resumen.formulario),
    aviso: analytics.aviso,
    cookies: analytics.cookies.replace('{meses}', CONSENT_MONTHS),
  }
}
