import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { focusFirstInvalid } from '~/enhancements/form'

import { Field } from './field'

/** The form's fields, as they post. */
type FieldName =
  'importe' | 'trabajo' | 'piezas' | 'importe_piezas' | 'mano_de_obra' | 'envio' | 'dias' | 'nota' | 'motivo'

interface Label {
  label: string
  hint: string
}

interface OwnerQuoteFormProps {
  /** The page's own address: the form posts there. */
  action: string
  /** The last post's answer: the messages under each field and the values sent. */
  result: SubmissionResult<string[]> | undefined
  /** What the form starts with. */
  defaults: { trabajo: string; piezas: string; dias: number; envio: string }
  parts: ReadonlyArray<{ value: string; label: string }>
  /** The request came from a listed service: the reason for another amount is asked. */
  listed: boolean
  texts: {
    campos: Record<
      'importe' | 'trabajo' | 'piezas' | 'importePiezas' | 'manoDeObra' | 'envio' | 'dias' | 'nota' | 'motivo',
      Label
    >
    boton: string
    enviando: string
  }
}

const FORM = 'presupuesto-completo'

/**
 * The owner's full written quote (docs/decisions/105): the total, the work,
 * the parts and their split, the days, the shipping, a note and, for a listed
 * service priced otherwise, the reason. A plain form posting to its page
 * without JavaScript; with it, Remix posts it and the button says it is
 * saving. The server validates it (conform and the shared zod schema) and
 * answers with the messages under each field and the values kept.
 */
export function OwnerQuoteForm({ action, result, defaults, parts, listed, texts }: OwnerQuoteFormProps) {
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const formRef = useRef<HTMLFormElement>(null)
  const initial = (result?.initialValue ?? {}) as Partial<Record<FieldName, string>>
  const error = (name: FieldName) => result?.error?.[name]?.[0]
  const value = (name: FieldName, fallback = '') => initial[name] ?? fallback
  const { campos } = texts

  // After a post comes back with messages, focus goes to the first field to fix.
  useEffect(() => {
    if (result && formRef.current) focusFirstInvalid(formRef.current)
  }, [result])

  const hint = (label: Label) => label.hint || undefined
  return (
    <Form ref={formRef} id={FORM} method="post" action={action} className="owner-form" noValidate>
      <Field
        form={FORM}
        name="importe"
        label={campos.importe.label}
        hint={hint(campos.importe)}
        error={error('importe')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={value('importe')}
            required
          />
        )}
      </Field>
      <Field
        form={FORM}
        name="trabajo"
        label={campos.trabajo.label}
        hint={hint(campos.trabajo)}
        error={error('trabajo')}
      >
        {(control) => <textarea {...control} rows={3} defaultValue={value('trabajo', defaults.trabajo)} required />}
      </Field>
      <Field form={FORM} name="piezas" label={campos.piezas.label} hint={hint(campos.piezas)} error={error('piezas')}>
        {(control) => (
          <select {...control} defaultValue={value('piezas', defaults.piezas)}>
            {parts.map((part) => (
              <option key={part.value} value={part.value}>
                {part.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="owner-form__pair">
        <Field
          form={FORM}
          name="importe_piezas"
          label={campos.importePiezas.label}
          hint={hint(campos.importePiezas)}
          error={error('importe_piezas')}
        >
          {(control) => <input {...control} type="text" inputMode="decimal" defaultValue={value('importe_piezas')} />}
        </Field>
        <Field form={FORM} name="mano_de_obra" label={campos.manoDeObra.label} error={error('mano_de_obra')}>
          {(control) => <input {...control} type="text" inputMode="decimal" defaultValue={value('mano_de_obra')} />}
        </Field>
      </div>
      <div className="owner-form__pair">
        <Field form={FORM} name="envio" label={campos.envio.label} hint={hint(campos.envio)} error={error('envio')}>
          {(control) => (
            <input {...control} type="text" inputMode="decimal" defaultValue={value('envio', defaults.envio)} />
          )}
        </Field>
        <Field form={FORM} name="dias" label={campos.dias.label} hint={hint(campos.dias)} error={error('dias')}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              defaultValue={value('dias', String(defaults.dias))}
              required
            />
          )}
        </Field>
      </div>
      {listed ? (
        <Field form={FORM} name="motivo" label={campos.motivo.label} hint={hint(campos.motivo)} error={error('motivo')}>
          {(control) => <textarea {...control} rows={2} defaultValue={value('motivo')} />}
        </Field>
      ) : null}
      <Field form={FORM} name="nota" label={campos.nota.label} error={error('nota')}>
        {(control) => <textarea {...control} rows={2} defaultValue={value('nota')} />}
      </Field>
      <button type="submit" className="button button--primary button--large button--block" disabled={saving}>
        {saving ? texts.enviando : texts.boton}
      </button>
    </Form>
  )
}
