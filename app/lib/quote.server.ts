import { parseWithZod } from '@conform-to/zod/v4'

import type { Settings } from './env.server'
import { QuoteFormSchema, type Quote } from './presupuesto'

/** The action's reading of a posted quote form: conform + the shared schema. */
export function parseQuoteSubmission(formData: FormData) {
  return parseWithZod(formData, { schema: QuoteFormSchema })
}

/** The visitor gets an answer within 10 s whatever the function does; this leaves room for the rest. */
export const QUOTE_TIMEOUT_MS = 8000

/**
 * Forwards a quote to the enviar-telegram function (ours, or a hosted one at
 * https://{host}/functions/v1/enviar-telegram). True only for a JSON answer
 * whose `success` is exactly true; anything else, a timeout included, is false.
 */
export async function sendQuote(
  settings: Pick<Settings, 'QUOTE_FUNCTION_URL' | 'QUOTE_FUNCTION_KEY'>,
  quote: Quote & { honeypot?: string },
  timeoutMs = QUOTE_TIMEOUT_MS,
): Promise<boolean> {
  const body = {
    tipo: quote.tipo,
    modelo: quote.modelo,
    comentarios: quote.comentarios ?? '',
    email: quote.email,
    telefono: quote.telefono,
    honeypot: quote.honeypot ?? '',
  }
  try {
    const response = await fetch(settings.QUOTE_FUNCTION_URL, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: settings.QUOTE_FUNCTION_KEY,
        Authorization: `Bearer ${settings.QUOTE_FUNCTION_KEY}`,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const answer = (await response.json().catch(() => null)) as { success?: unknown } | null
    if (answer?.success === true) return true
    console.error(`Presupuesto no enviado: la función respondió ${response.status}`)
    return false
  } catch (error) {
    console.error(`Presupuesto no enviado: ${(error as Error).name}`)
    return false
  }
}
