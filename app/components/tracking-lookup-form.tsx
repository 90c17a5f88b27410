import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { Field } from './field'
import { Honeypot } from './honeypot'

/** What the /seguimiento action answers about the form: conform's result (messages and the values sent). */
export type TrackingLookupResult = SubmissionResult<string[]>

const FORM = 'seguimiento'
const ORDER = ['referencia', 'email'] as const

/**
 * The lookup for whoever lost the tracking link: the quote's reference and
 * the e-mail it was sent with. A plain form that posts to /seguimiento with
 * or without JavaScript; the server validates it and answers with the
 * messages under each field and the values kept, or sends the visitor to the
 * tracking page.
 */
export function TrackingLookupForm({ result }: { result: TrackingLookupResult | undefined }) {
  const navigation = useNavigation()
  const sending =
    navigation.state !== 'idle' && navigation.formAction === '/seguimiento' && navigation.formMethod === 'POST'
  const formRef = useRef<HTMLFormElement>(null)
  const initial = (result?.initialValue ?? {}) as Partial<Record<(typeof ORDER)[number], string>>
  const error = (name: (typeof ORDER)[number]) => result?.error?.[name]?.[0]

  // After a submit comes back with messages, focus goes to the first field to fix.
  useEffect(() => {
    const name = ORDER.find((field) => result?.error?.[field]?.length)
    if (name) formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus()
  }, [result])

  return (
    <Form ref={formRef} id={FORM} method="post" action="/seguimiento" className="lookup-form" noValidate>
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
      <Field form={FORM} name="email" label="Email" error={error('email')}>
        {(control) => (
          <input
            {...control}
            type="email"
            defaultValue={initial.email}
            autoComplete="email"
            placeholder="tu@email.com"
            required
          />
        )}
      </Field>
      <Honeypot form={FORM} />
      <button type="submit" className="button button--primary button--large button--block" disabled={sending}>
        {sending ? 'Buscando...' : 'Ver mi solicitud'}
      </button>
    </Form>
  )
}
