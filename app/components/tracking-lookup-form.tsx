import type { SubmissionResult } from '@conform-to/react'
import { DOCUMENT_FORM } from '~/enhancements/form'

import { useEnhancement } from './enhancement-scripts'
import { EmailField } from './email-field'
import { Field } from './field'
import { Honeypot } from './honeypot'

/** What the /seguimiento action answers about the form: conform's result (messages and the values sent). */
export type TrackingLookupResult = SubmissionResult<string[]>

const FORM = 'seguimiento'
type FieldName = 'referencia' | 'email'

/**
 * The lookup for whoever lost the tracking link: the quote's reference and
 * the e-mail it was sent with. A plain form that posts to /seguimiento with
 * or without JavaScript; the server validates it and answers with the
 * messages under each field and the values kept, or sends the visitor to the
 * tracking page.
 */
export function TrackingLookupForm({ result }: { result: TrackingLookupResult | undefined }) {
  useEnhancement('form')
  const initial = (result?.initialValue ?? {}) as Partial<Record<FieldName, string>>
  const error = (name: FieldName) => result?.error?.[name]?.[0]

  return (
    <form
      id={FORM}
      method="post"
      action="/seguimiento"
      className="lookup-form"
      noValidate
      {...{ [DOCUMENT_FORM.root]: '' }}
    >
      <Field form={FORM} name="referencia" label="Referencia de tu solicitud" error={error('referencia')}>
        {(control) => (
          <input
            {...control}
            type="text"
            defaultValue={initial.referencia}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="P-7K3Q"
            required
          />
        )}
      </Field>
      <EmailField form={FORM} defaultValue={initial.email} error={error('email')} />
      <Honeypot form={FORM} />
      <button
        type="submit"
        className="button button--primary button--large button--block"
        {...{ [DOCUMENT_FORM.sendingLabel]: 'Buscando...' }}
      >
        Ver mi solicitud
      </button>
    </form>
  )
}
