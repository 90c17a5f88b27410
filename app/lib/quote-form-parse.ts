import { parse } from '@conform-to/dom'

import { QuoteFormSchema } from './presupuesto'

/**
 * The browser's validation of the quote form: conform's parse with the shared
 * zod/mini schema, empty fields read as missing (as @conform-to/zod does on
 * the server). It spares the page @conform-to/zod's classic-zod coercion, which
 * alone would double its JavaScript (docs/decisions/005); a unit test keeps
 * both readings identical.
 */
export function parseQuoteForm(formData: FormData | URLSearchParams) {
  return parse(formData, {
    resolve(payload) {
      const value = Object.fromEntries(Object.entries(payload).map(([name, field]) => [name, field === '' ? undefined : field]))
      const result = QuoteFormSchema.safeParse(value)
      if (result.success) return { value: result.data }
      const error: Record<string, string[]> = {}
      for (const issue of result.error.issues) (error[issue.path.join('.')] ??= []).push(issue.message)
      return { error }
    },
  })
}
