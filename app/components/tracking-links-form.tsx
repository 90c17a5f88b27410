import type { SubmissionResult } from '@conform-to/react'
import { DOCUMENT_FORM } from '~/enhancements/form'

import { useEnhancement } from './enhancement-scripts'
import { EmailField } from './email-field'
import { Honeypot } from './honeypot'
import { Icon } from './icon'

const FORM = 'enlaces'

interface TrackingLinksFormProps {
  texts: { titulo: string; texto: string; boton: string; enviando: string }
  /** What the /seguimiento action answered about this form: conform's result (the message and the value sent). */
  result: SubmissionResult<string[]> | undefined
  /** The answer once asked: the same words whatever the address. */
  sent: { titulo: string; texto: string; nota: string } | null
}

/**
 * The second way back to a lost tracking link: only the e-mail. A plain form
 * that posts to /seguimiento with or without JavaScript; the answer is the
 * same for any address, and the links go by e-mail to it when it has quotes.
 */
export function TrackingLinksForm({ texts, result, sent }: TrackingLinksFormProps) {
  useEnhancement('form')
  const initial = (result?.initialValue ?? {}) as { email?: string }
  const error = result?.error?.email?.[0]
  return (
    <section className="panel tracking-links" aria-labelledby="pedir-enlaces">
      <h2 id="pedir-enlaces" className="panel__title">
        {texts.titulo}
      </h2>
      <p>{texts.texto}</p>
      {sent ? (
        <div className="tracking-links__sent" role="status">
          <Icon name="check" size={24} />
          <div>
            <p className="tracking-links__sent-title">{sent.titulo}</p>
            <p>{sent.texto}</p>
            <p className="tracking-links__sent-note">{sent.nota}</p>
          </div>
        </div>
      ) : null}
      <form
        id={FORM}
        method="post"
        action="/seguimiento"
        className="lookup-form"
        noValidate
        {...{ [DOCUMENT_FORM.root]: '' }}
      >
        <EmailField form={FORM} defaultValue={initial.email} error={error} />
        <Honeypot form={FORM} />
        <button
          type="submit"
          className="button button--secondary button--large button--block"
          {...{ [DOCUMENT_FORM.sendingLabel]: texts.enviando }}
        >
          {texts.boton}
        </button>
      </form>
    </section>
  )
}
