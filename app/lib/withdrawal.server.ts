import { catalogo } from '~/catalogo/consultas'
import {
  REPAIR_GUARANTEE_MONTHS,
  WITHDRAW_BUTTON_LABEL,
  WITHDRAWAL_DAYS,
  WITHDRAWAL_REFUND_DAYS,
  WITHDRAWAL_ROLLS_OVER,
} from '~shared/contract'
import { TRACKING_LOOKUP_PATH } from '~shared/tracking'
import { withdrawalForm, withdrawalFormText } from '~shared/withdrawal-form'

import type { Settings } from './env.server'

/** The settings the form is addressed with; the page marks those that are still this repository's examples. */
const ADDRESSEE_SETTINGS = ['SHOP_LEGAL_NAME', 'SHOP_LEGAL_ADDRESS', 'SHOP_EMAIL'] as const

/** Replaces every `{key}` of `text` with its value. */
const fillIn = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)

/**
 * /desistimiento: the right of withdrawal in plain words and the model form addressed to the holder, with the
 * figures of app/shared/contract.ts and the holder of the settings filled in (docs/decisions/118). The form's
 * e-mail link opens the visitor's mail with the form as its body, addressed to the shop.
 */
export function withdrawalPage(settings: Settings) {
  const { desistimiento } = catalogo.legal
  const values = {
    dias: String(WITHDRAWAL_DAYS),
    devolucion: String(WITHDRAWAL_REFUND_DAYS),
    meses: String(REPAIR_GUARANTEE_MONTHS),
    boton: WITHDRAW_BUTTON_LABEL,
    correo: settings.SHOP_EMAIL,
    titular: settings.SHOP_LEGAL_NAME,
    domicilio: settings.SHOP_LEGAL_ADDRESS,
    prorroga: WITHDRAWAL_ROLLS_OVER,
  }
  const fill = (text: string) => fillIn(text, values)
  const form = withdrawalForm({
    name: settings.SHOP_LEGAL_NAME,
    address: settings.SHOP_LEGAL_ADDRESS,
    email: settings.SHOP_EMAIL,
  })
  const { como, formulario, ley } = desistimiento
  const mail = new URLSearchParams({ subject: formulario.asunto, body: withdrawalFormText(form) })
  return {
    meta: { title: desistimiento.meta.title, description: fill(desistimiento.meta.description) },
    title: desistimiento.titulo,
    lead: fill(desistimiento.lead),
    sections: desistimiento.secciones.map((section) => ({
      id: section.id,
      title: fill(section.titulo),
      paragraphs: section.texto.map(fill),
    })),
    how: {
      title: como.titulo,
      intro: como.intro,
      // The shop's e-mail in a way's text is a link: the text comes in the parts around it.
      ways: como.formas.map((way) => ({ term: way.termino, text: way.texto.split('{correo}').map(fill) })),
      email: settings.SHOP_EMAIL,
      note: como.nota,
      tracking: { ...como.enlace, href: TRACKING_LOOKUP_PATH },
    },
    form,
    formIntro: formulario.intro,
    // mailto: takes RFC 3986 escapes, not the '+' of a form's query.
    mail: { label: formulario.correo, href: `mailto:${settings.SHOP_EMAIL}?${mail.toString().replace(/\+/g, '%20')}` },
    placeholders: ADDRESSEE_SETTINGS.filter((key) => settings.notOwn.has(key)),
    law: { text: ley.texto, link: ley.enlace },
  }
}
