import { getFormProps, getTextareaProps, useForm, useInputControl, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'

import type { QuoteFormInput } from '~/lib/presupuesto'
import { ETIQUETAS_TIPO, MODELOS, TIPOS, type Tipo } from '~/lib/presupuesto-opciones'
import { parseQuoteForm } from '~/lib/quote-form-parse'

import { FieldError } from './field-error'
import { TextField } from './text-field'

export interface QuotePrefill {
  tipo?: Tipo
  modelo?: string
  comentarios?: string
}

interface QuoteFormProps {
  lastResult: SubmissionResult<string[]> | null | undefined
  prefill: QuotePrefill
  /** Signed time the form was served (app/lib/form-token.server.ts). */
  inicio: string
}

const GRUPOS: Record<Tipo, string> = { mando: 'Mandos', consola: 'Consolas' }

/**
 * The quote form. Without JavaScript it posts to the action and the server
 * answers with the messages; with JavaScript conform validates on submit,
 * then as the visitor corrects, with the same schema.
 */
export function QuoteForm({ lastResult, prefill, inicio }: QuoteFormProps) {
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formAction === '/presupuesto' && navigation.formMethod === 'POST'
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  const [form, fields] = useForm<QuoteFormInput>({
    id: 'presupuesto',
    lastResult,
    defaultValue: prefill,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseQuoteForm(formData),
  })
  const modelo = useInputControl(fields.modelo)
  const tipo = TIPOS.find((value) => value === fields.tipo.value)

  const chooseTipo = (value: Tipo) => {
    if (modelo.value && !MODELOS[value].includes(modelo.value)) modelo.change('')
  }

  return (
    <Form
      method="post"
      action="/presupuesto"
      className="quote-form"
      {...getFormProps(form)}
      noValidate
      data-enhanced={hydrated || undefined}
    >
      <fieldset
        className="field"
        aria-invalid={fields.tipo.errors ? true : undefined}
        aria-describedby={fields.tipo.errors ? fields.tipo.errorId : undefined}
      >
        <legend className="field__label">¿Qué quieres reparar?</legend>
        <div className="choice-group">
          {TIPOS.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name={fields.tipo.name}
                value={value}
                defaultChecked={fields.tipo.initialValue === value}
                onChange={() => chooseTipo(value)}
                required
              />
              <span>{ETIQUETAS_TIPO[value]}</span>
            </label>
          ))}
        </div>
        <FieldError id={fields.tipo.errorId} errors={fields.tipo.errors} />
      </fieldset>

      <div className="field field--modelo">
        <label className="field__label" htmlFor={fields.modelo.id}>
          Modelo
        </label>
        <select
          id={fields.modelo.id}
          name={fields.modelo.name}
          className="field__control"
          value={modelo.value ?? ''}
          onChange={(event) => modelo.change(event.target.value)}
          onBlur={modelo.blur}
          onFocus={modelo.focus}
          required
          aria-invalid={fields.modelo.errors ? true : undefined}
          aria-describedby={fields.modelo.errors ? fields.modelo.errorId : undefined}
        >
          <option value="">Elige tu modelo</option>
          {/* A value from outside the lists (a post without this form) is kept, not dropped. */}
          {modelo.value && !TIPOS.some((grupo) => MODELOS[grupo].includes(modelo.value ?? '')) ? (
            <option value={modelo.value}>{modelo.value}</option>
          ) : null}
          {hydrated && tipo
            ? MODELOS[tipo].map((nombre) => (
                <option key={nombre} value={nombre}>
                  {nombre}
                </option>
              ))
            : TIPOS.map((grupo) => (
                <optgroup key={grupo} label={GRUPOS[grupo]} data-tipo={grupo}>
                  {MODELOS[grupo].map((nombre) => (
                    <option key={nombre} value={nombre}>
                      {nombre}
                    </option>
                  ))}
                </optgroup>
              ))}
        </select>
        <FieldError id={fields.modelo.errorId} errors={fields.modelo.errors} />
      </div>

      <TextField
        label="Email"
        field={fields.email}
        type="email"
        input={{ autoComplete: 'email', placeholder: 'tu@email.com', required: true }}
      />
      <TextField
        label="Teléfono"
        field={fields.telefono}
        type="tel"
        input={{ autoComplete: 'tel', inputMode: 'tel', placeholder: '600 000 000', required: true }}
      />

      <div className="field">
        <label className="field__label" htmlFor={fields.comentarios.id}>
          Comentarios <span className="field__optional">(opcional)</span>
        </label>
        <textarea
          {...getTextareaProps(fields.comentarios)}
          className="field__control"
          rows={4}
          placeholder="Cuéntanos qué le pasa: drift, un botón que no responde, no carga…"
        />
        <FieldError id={fields.comentarios.errorId} errors={fields.comentarios.errors} />
      </div>

      {/* Honeypot: people never see or reach it; bots fill it in. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="presupuesto-website">Sitio web</label>
        <input id="presupuesto-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name="inicio" value={inicio} />

      <button type="submit" className="button button--primary button--large button--block" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar Solicitud'}
      </button>
    </Form>
  )
}
