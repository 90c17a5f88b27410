import { z } from 'zod'

import type { Setting } from './settings'
import { checkTaxId, normalizeTaxId } from './tax-id'

/**
 * The shop's own facts as settings both Workers read: the site shows them on
 * its pages, the function writes them at the foot of every e-mail to the
 * customer and on the deposit receipt. Each Worker lists them with its own
 * `ownOffLocal` (app/shared/settings.ts); the schema, local value and
 * meaning are these, once.
 */

/** A one-line text setting of at most `max` characters, with its name in the messages. */
export const oneLine = (key: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${key} debe tener como mucho ${max} caracteres`)
    .regex(/^[^\p{Cc}\u2028\u2029]*$/u, `${key} debe ir en una sola línea`)

export const SHOP_SETTINGS = {
  SHOP_PHONE: {
    /** Nine Spanish digits; spaces, hyphens and a +34/0034 prefix are tolerated and removed. */
    schema: z
      .string()
      .transform((phone) => phone.replace(/[\s-]/g, '').replace(/^(\+|00)34(?=\d{9}$)/, ''))
      .pipe(z.string().regex(/^\d{9}$/, 'SHOP_PHONE debe tener 9 dígitos')),
    local: '600000000',
    doc: 'Shop phone: 9 Spanish digits (WhatsApp links add 34). The local value is fictitious.',
  },
  SHOP_SHIPPING_ADDRESS: {
    schema: oneLine('SHOP_SHIPPING_ADDRESS', 200),
    local: '',
    doc: "The workshop's street address on one line. Empty: the pages say it comes with the quote.",
  },
  // The legal identity (LSSI-CE art. 10; RD 58/1988 for the deposit receipt). The local values are
  // placeholders, which the site marks as such (docs/decisions/082-legal-pages-from-the-code.md).
  SHOP_LEGAL_NAME: {
    schema: oneLine('SHOP_LEGAL_NAME', 200).min(2, 'SHOP_LEGAL_NAME debe tener al menos 2 caracteres'),
    local: 'Nombre y apellidos o razón social del titular',
    doc: "The site holder's legal name (a person's full name or a company's registered name).",
  },
  SHOP_TAX_ID: {
    schema: z
      .string()
      .transform(normalizeTaxId)
      .superRefine((value, context) => {
        const check = checkTaxId(value)
        if (!check.valid) context.addIssue({ code: 'custom', message: `SHOP_TAX_ID no es válido: ${check.reason}` })
      }),
    local: '00000000T',
    doc: "The holder's NIF, NIE or CIF, checked by its control letter or digit.",
  },
  SHOP_LEGAL_ADDRESS: {
    schema: oneLine('SHOP_LEGAL_ADDRESS', 200).min(5, 'SHOP_LEGAL_ADDRESS debe tener al menos 5 caracteres'),
    local: 'Calle de ejemplo 1, 01010 Vitoria-Gasteiz (Álava)',
    doc: "The holder's registered address (domicilio), on one line.",
  },
  SHOP_CONSUMER_ARBITRATION: {
    schema: oneLine('SHOP_CONSUMER_ARBITRATION', 200),
    local: '',
    doc: "The consumer arbitration board the holder adheres to (e.g. Junta Arbitral de Consumo de Euskadi), on /aviso-legal's complaints and in the contract's terms. Empty: the holder adheres to none, and they say so.",
  },
} as const satisfies Record<string, Setting>
