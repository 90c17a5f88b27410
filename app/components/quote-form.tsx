import type { SubmissionResult } from '@conform-to/react'
import { Form, useFetcher, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'

import { TYPE_LABELS, MODELS_BY_TYPE, type QuotePrefill } from '~/lib/quote/options'
import { QUOTE_TYPES, type QuoteType } from '~shared/quote'

import { FieldError } from './field-error'
import { Honeypot } from './honeypot'
import { TextField } from './text-field'

/** What the /presupuesto action answers about the form: conform's result (messages and the values sent). */
export type QuoteFormResult = SubmissionResult<string[]>

interface QuoteFormProps {
  /** The last submit's answer: the messages under each field and the values sent. */
  result: QuoteFormResult | undefined
  prefill: QuotePrefill
  /** This render's token (app/lib/quote/token.server.ts). */
  formToken: string
}

const FORM = 'presupuesto'
const ORDER = ['tipo', 'modelo', 'email', 'telefono', 'comentarios'] as const
const GRUPOS: Record<QuoteType, string> = { mando: 'Mandos', consola: 'Consolas' }
/** How the visitor is reached: e-mail and phone. */
const CONTACT_FIELDS = [
  { name: 'email', label: 'Email', type: 'email', input: { autoComplete: 'email', placeholder: 'tu@email.com', required: true } },
  { name: 'telefono', label: 'Teléfono', type: 'tel', input: { autoComplete: 'tel', inputMode: 'tel', placeholder: '600 000 000', required: true } },
] as const

/** Pause after the last keystroke before asking the server for the messages again. */
const REVALIDATE_MS = 350

/**
 * The quote form. It is a plain form: without JavaScript it posts to the
 * action, which answers with the messages under each field and the values
 * kept. With JavaScript the same post goes through Remix, the button reads
 * 'Enviando...', the model list follows the type, and once a submit has
 * come back with messages, the server checks the form again as the visitor
 * corrects (a fetcher with intent=validar): one schema, on the server, and
 * no validation library in the browser (docs/decisions/046-quote-form-validated-on-the-server.md).
 */
export function QuoteForm({ result, prefill, formToken }: QuoteFormProps) {
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formAction === '/presupuesto' && navigation.formMethod === 'POST'
  const check = useFetcher<{ result?: QuoteFormResult }>({ key: 'presupuesto-validar' })
  const formRef = useRef<HTMLFormElement>(null)
  const timer = useRef<number>()
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  const initial = (result?.initialValue ?? prefill) as Partial<Record<(typeof ORDER)[number], string>>
  const [tipo, setTipo] = useState<QuoteType | undefined>(QUOTE_TYPES.find((value) => value === initial.tipo))
  const [modelo, setModelo] = useState(initial.modelo ?? '')

  // The messages: the last submit's, then those of the latest check as the visitor corrects.
  const [shown, setShown] = useState(result)
  useEffect(() => setShown(result), [result])
  useEffect(() => {
    if (check.data?.result) setShown(check.data.result)
  }, [check.data])
  const error = (name: string) => shown?.error?.[name]?.[0]

  // After a submit comes back with messages, focus goes to the first field to fix.
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const name = ORDER.find((field) => result?.error?.[field]?.length)
    if (name) formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus()
  }, [result])

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (!result?.error || Object.keys(result.error).length === 0) return
    const form = event.currentTarget
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => {
      const data = new FormData(form)
      data.set('intent', 'validar')
      check.submit(data, { method: 'post', action: '/presupuesto' })
    }, REVALIDATE_MS)
  }

  const chooseTipo = (value: QuoteType) => {
    setTipo(value)
    if (modelo && !MODELS_BY_TYPE[value].includes(modelo)) setModelo('')
  }

  const tipoError = error('tipo')
  const modeloError = error('modelo')
  return (
    <Form
      ref={formRef}
      id={FORM}
      method="post"
      action="/presupuesto"
      className="quote-form"
      noValidate
      onSubmit={() => window.clearTimeout(timer.current)}
      onInput={recheck}
      onChange={recheck}
      data-enhanced={hydrated || undefined}
    >
      <fieldset className="field" aria-invalid={tipoError ? true : undefined} aria-describedby={tipoError ? `${FORM}-tipo-error` : undefined}>
        <legend className="field__label">¿Qué quieres reparar?</legend>
        <div className="choice-group">
          {QUOTE_TYPES.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="tipo"
                value={value}
                defaultChecked={initial.tipo === value}
                onChange={() => chooseTipo(value)}
                required
              />
              <span>{TYPE_LABELS[value]}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${FORM}-tipo-error`} error={tipoError} />
      </fieldset>

      <div className="field field--modelo">
        <label className="field__label" htmlFor={`${FORM}-modelo`}>
          Modelo
        </label>
        <select
          id={`${FORM}-modelo`}
          name="modelo"
          className="field__control"
          value={modelo}
          onChange={(event) => setModelo(event.target.value)}
          required
          aria-invalid={modeloError ? true : undefined}
          aria-describedby={modeloError ? `${FORM}-modelo-error` : undefined}
        >
          <option value="">Elige tu modelo</option>
          {/* A value from outside the lists (a post without this form) is kept, not dropped. */}
          {modelo && !QUOTE_TYPES.some((grupo) => MODELS_BY_TYPE[grupo].includes(modelo)) ? <option value={modelo}>{modelo}</option> : null}
          {hydrated && tipo
            ? MODELS_BY_TYPE[tipo].map((nombre) => (
                <option key={nombre} value={nombre}>
                  {nombre}
                </option>
              ))
            : QUOTE_TYPES.map((grupo) => (
                <optgroup key={grupo} label={GRUPOS[grupo]} data-tipo={grupo}>
                  {MODELS_BY_TYPE[grupo].map((nombre) => (
                    <option key={nombre} value={nombre}>
                      {nombre}
                    </option>
                  ))}
                </optgroup>
              ))}
        </select>
        <FieldError id={`${FORM}-modelo-error`} error={modeloError} />
      </div>

      {CONTACT_FIELDS.map((field) => (
        <TextField key={field.name} form={FORM} {...field} defaultValue={initial[field.name]} error={error(field.name)} />
      ))}

      <div className="field">
        <label className="field__label" htmlFor={`${FORM}-comentarios`}>
          Comentarios <span className="field__optional">(opcional)</span>
        </label>
        <textarea
          id={`${FORM}-comentarios`}
          name="comentarios"
          className="field__control"
          rows={4}
          defaultValue={initial.comentarios}
          placeholder="Cuéntanos qué le pasa: drift, un botón que no responde, no carga…"
          aria-invalid={error('comentarios') ? true : undefined}
          aria-describedby={error('comentarios') ? `${FORM}-comentarios-error` : undefined}
        />
        <FieldError id={`${FORM}-comentarios-error`} error={error('comentarios')} />
      </div>

      <Honeypot form={FORM} />
      <input type="hidden" name="token" value={formToken} />

      <button type="submit" className="button button--primary button--large button--block" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar Solicitud'}
      </button>
    </Form>
  )
}
