import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod/mini'

import { callFunction, type FunctionAccess } from '../quote-function.server'
import { TRACKING_TIMEOUT_MS } from '../tracking/client.server'

import { readBoundedForm } from '~shared/form-body'
import { FUNCTION_PATHS } from '~shared/function-paths'
import { QUOTE_LIMITS, QUOTE_TYPES } from '~shared/quote'
import { OwnerQuoteSchema, PARTS_KEYS, WRITTEN_LIMITS } from '~shared/written-quote'

/**
 * The owner's full-quote form (docs/decisions/105), on the site's side: the
 * quote and its defaults read from the function for the code of the owner's
 * link, the form read bounded and validated here with the shared schema, and
 * the written quote posted to the function, which checks the code, validates
 * again and saves it once. The code travels in the JSON body to the function;
 * the page's own address carries it (the link the bot gave).
 */

/** What the function answers for a good code: the request and the form's defaults. */
const Found = z.object({
  success: z.literal(true),
  presupuesto: z.object({
    referencia: z.string().check(z.maxLength(24)),
    tipo: z.enum(QUOTE_TYPES),
    modelo: z.string().check(z.maxLength(QUOTE_LIMITS.modelo)),
    comentarios: z.nullable(z.string().check(z.maxLength(QUOTE_LIMITS.comentarios * 2))),
    servicio: z.nullable(z.string().check(z.maxLength(200))),
    listedCents: z.nullable(z.int()),
    revised: z.boolean(),
    offerDays: z.int(),
    defaults: z.object({
      trabajo: z.string().check(z.maxLength(WRITTEN_LIMITS.workChars)),
      piezas: z.enum(PARTS_KEYS),
      dias: z.int(),
      envioCents: z.int(),
    }),
    previous: z.nullable(z.object({ version: z.int(), amountCents: z.int() })),
    parts: z.array(z.object({ value: z.enum(PARTS_KEYS), label: z.string() })),
  }),
  caduca: z.int(),
})
export type OwnerQuoteData = z.infer<typeof Found>

/**
 * Why a code is not good for the form: forged or unknown, past its time or spent, its user no longer
 * allowed, the quote no longer priceable, or opened first by another browser (docs/decisions/127).
 */
export type CodeRefusal = 'invalid' | 'expired' | 'spent' | 'not-allowed' | 'not-priceable' | 'elsewhere'

const Refused = z.object({
  success: z.literal(false),
  motivo: z.enum(['invalid', 'expired', 'spent', 'not-allowed', 'not-priceable', 'elsewhere']),
})

/** The function's answer read as the form needs it. */
async function call<T>(
  access: FunctionAccess,
  path: (typeof FUNCTION_PATHS)['ownerQuote' | 'ownerQuoteSave'],
  body: unknown,
  found: z.ZodMiniType<T>,
): Promise<
  | { kind: 'found'; value: T }
  | { kind: 'refused'; why: CodeRefusal }
  | { kind: 'invalid-form'; errors: Record<string, string[]> }
  | { kind: 'down' }
> {
  let status = 0
  let answer: unknown = null
  try {
    const response = await callFunction(access, path, {
      body,
      headers: { Accept: 'application/json' },
      timeoutMs: TRACKING_TIMEOUT_MS,
    })
    status = response.status
    answer = await response.json().catch(() => null)
  } catch (error) {
    console.error(`Formulario del taller no disponible: ${(error as Error).name}`)
    return { kind: 'down' }
  }
  const ok = found.safeParse(answer)
  if (status === 200 && ok.success) return { kind: 'found', value: ok.data }
  const refused = Refused.safeParse(answer)
  if (refused.success) return { kind: 'refused', why: refused.data.motivo }
  const errors = z.object({ errores: z.record(z.string(), z.array(z.string())) }).safeParse(answer)
  if (status === 400 && errors.success) return { kind: 'invalid-form', errors: errors.data.errores }
  console.error(`Formulario del taller no disponible: la función respondió ${status}`)
  return { kind: 'down' }
}

/**
 * The quote the form prices, with its defaults, for the code of the owner's link opened by the browser of
 * `navegador` (its cookie's nonce: the first one to open the code holds it).
 */
export const fetchOwnerQuote = (access: FunctionAccess, codigo: string, navegador: string) =>
  call(access, FUNCTION_PATHS.ownerQuote, { codigo, navegador }, Found)

const Saved = z.object({ success: z.literal(true), referencia: z.string(), version: z.int(), importe: z.string() })

/** Saves the written quote: saved, refused (the code), the function's messages per field, or down. */
export const saveOwnerQuote = (
  access: FunctionAccess,
  codigo: string,
  navegador: string | null,
  formulario: Record<string, string>,
) => call(access, FUNCTION_PATHS.ownerQuoteSave, { codigo, formulario, ...(navegador ? { navegador } : {}) }, Saved)

/** The form's fields and how much of each is read. */
export const OWNER_FIELD_CAPS = {
  importe: 40,
  trabajo: WRITTEN_LIMITS.workChars * 4,
  piezas: 40,
  importe_piezas: 40,
  mano_de_obra: 40,
  envio: 40,
  dias: 10,
  nota: 2000,
  motivo: WRITTEN_LIMITS.reasonChars * 4,
} as const

/** The posted form's own fields, bounded. */
export const readOwnerForm = (request: Request) => readBoundedForm(request, OWNER_FIELD_CAPS, 32 * 1024)

/** conform + the shared schema, over the form's own fields only. */
export function parseOwnerForm(fields: Partial<Record<keyof typeof OWNER_FIELD_CAPS, string>>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) formData.set(name, value)
  return parseWithZod(formData, { schema: OwnerQuoteSchema })
}
