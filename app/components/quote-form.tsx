import type { SubmissionResult } from '@conform-to/react'
import { Form, useFetcher, useNavigation } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'

import { focusFirstInvalid } from '~/enhancements/form'
import { LIVE_CHECK_INTENT } from '~/lib/quote/live-check'
import type { QuoteChoice, QuotePrefill } from '~/lib/quote/options'

import { Field } from './field'
import { Honeypot } from './honeypot'

/** What the /presupuesto action answers about the form: conform's result (messages and the values sent). */
export type QuoteFormResult = SubmissionResult<string[]>

interface QuoteFormProps {
  /** The last submit's answer: the messages under each field and the values sent. */
  result: QuoteFormResult | undefined
  prefill: QuotePrefill
  /** The types to choose from, each with its models (the /presupuesto loader builds them from the catalogue). */
  choices: readonly QuoteChoice[]
  /** This render's token (app/lib/quote/token.server.ts). */
  formToken: string
}

const FORM = 'presupuesto'
type FieldName = 'tipo' | 'modelo' | 'email' | 'telefono' | 'comentarios' | 'servicio'
/** How the visitor is reached: e-mail and phone. */
const CONTACT_FIELDS = [
  { name: 'email', label: 'Email', input: { type: 'email', autoComplete: 'email', placeholder: 'tu@email.com' } },
  {
    name: 'telefono',
    label: 'Teléfono',
    input: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '600 000 000' },
  },
] as const

/** Pause after the last keystroke before asking the server for the messages again. */
const REVALIDATE_MS = 350

/**
 * The quote form. It is a plain form: without JavaScript it posts to the
 * action, which answers with the messages under each field and the values
 * kept. With JavaScript the same post goes through Remix, the button reads
 * 'Enviando...', the model list follows the type, and once a submit has
 * come back with messages, the server checks the form again as the visitor
 * corrects (useLiveCheck): one schema, on the server, and no validation
 * library in the browser (docs/decisions/046-quote-form-validated-on-the-server.md).
 * A success remounts it (the page keys it): that is its reset.
 */
export function QuoteForm({ result, prefill, choices, formToken }: QuoteFormProps) {
  const navigation = useNavigation()
  const sending =
    navigation.state !== 'idle' && navigation.formAction === '/presupuesto' && navigation.formMethod === 'POST'
  const formRef = useRef<HTMLFormElement>(null)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const live = useLiveCheck(result)
  const error = (name: FieldName) => live.shown?.error?.[name]?.[0]

  // The values the form starts with: those sent (kept after messages), else the link's prefill.
  const initial = (result?.initialValue ?? prefill) as Partial<Record<FieldName, string>>
  const [type, setType] = useState(initial.tipo)
  const [model, setModel] = useState(initial.modelo ?? '')
  const chosen = choices.find((choice) => choice.tipo === type)
  const listed = choices.some((choice) => choice.models.includes(model))
  const chooseType = (choice: QuoteChoice) => {
    setType(choice.tipo)
    if (model && !choice.models.includes(model)) setModel('')
  }

  // After a submit comes back with messages, focus goes to the first field to fix.
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (formRef.current) focusFirstInvalid(formRef.current)
  }, [result])

  return (
    <Form
      ref={formRef}
      id={FORM}
      method="post"
      action="/presupuesto"
      className="quote-form"
      noValidate
      onSubmit={live.cancel}
      onInput={live.recheck}
      onChange={live.recheck}
      data-enhanced={hydrated || undefined}
    >
      <Field group form={FORM} name="tipo" label="¿Qué quieres reparar?" error={error('tipo')}>
        <div className="choice-group">
          {choices.map((choice) => (
            <label key={choice.tipo} className="choice">
              <input
                type="radio"
                name="tipo"
                value={choice.tipo}
                defaultChecked={initial.tipo === choice.tipo}
                onChange={() => chooseType(choice)}
                required
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      </Field>

      <Field form={FORM} name="modelo" label="Modelo" error={error('modelo')} className="field--modelo">
        {(control) => (
          <select {...control} value={model} onChange={(event) => setModel(event.target.value)} required>
            <option value="">Elige tu modelo</option>
            {/* A value from outside the lists (a post without this form) is kept, not dropped. */}
            {model && !listed ? <option value={model}>{model}</option> : null}
            {hydrated && chosen
              ? chosen.models.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))
              : choices.map((choice) => (
                  <optgroup key={choice.tipo} label={choice.group} data-tipo={choice.tipo}>
                    {choice.models.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </optgroup>
                ))}
          </select>
        )}
      </Field>

      {CONTACT_FIELDS.map(({ name, label, input }) => (
        <Field key={name} form={FORM} name={name} label={label} error={error(name)}>
          {(control) => <input {...control} {...input} defaultValue={initial[name]} required />}
        </Field>
      ))}

      <Field
        form={FORM}
        name="comentarios"
        label={
          <>
            Comentarios <span className="field__optional">(opcional)</span>
          </>
        }
        error={error('comentarios')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            defaultValue={initial.comentarios}
            placeholder="Cuéntanos qué le pasa: drift, un botón que no responde, no carga…"
          />
        )}
      </Field>

      <Honeypot form={FORM} />
      {initial.servicio && <input type="hidden" name="servicio" value={initial.servicio} />}
      <input type="hidden" name="token" value={formToken} />

      <button type="submit" className="button button--primary button--large button--block" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar Solicitud'}
      </button>
    </Form>
  )
}

/**
 * "Validation on submit first, then as the visitor corrects": once a submit
 * has come back with messages, each change asks the action again, through a
 * fetcher posting intent=LIVE_CHECK_INTENT, REVALIDATE_MS after the last one.
 * The messages shown are derived, never copied into state: the latest
 * check's answer, else the submit's. Each submit's answer gets a fetcher of
 * its own, from the render that first shows it (the page may still be
 * loading): a check sent before it, or answered after it, never shows over
 * it. A check goes with the fetcher rendered when it is sent, not the one of
 * its keystroke, so a correction typed as the answer arrived is not lost.
 */
let answers = 0
function useLiveCheck(result: QuoteFormResult | undefined) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new answer (a new object) is what gets a new number
  const answer = useMemo(() => ++answers, [result])
  const check = useFetcher<{ result?: QuoteFormResult }>({ key: `${FORM}-live-check-${answer}` })
  const latest = useRef(check)
  latest.current = check
  const timer = useRef<number>()
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (!result?.error || Object.keys(result.error).length === 0) return
    const form = event.currentTarget
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => {
      const data = new FormData(form)
      data.set('intent', LIVE_CHECK_INTENT)
      latest.current.submit(data, { method: 'post', action: '/presupuesto' })
    }, REVALIDATE_MS)
  }
  return {
    shown: check.data?.result ?? result,
    recheck,
    cancel: () => window.clearTimeout(timer.current),
  }
}
