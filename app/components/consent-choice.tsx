import { ConsentForm } from './consent-form'

interface ConsentChoiceProps {
  /** The choice stored now, if any. */
  current: 'accepted' | 'rejected' | null
  /** Where /consentimiento returns the visitor. */
  returnTo: string
}

/**
 * The consent choice on /cookies: what is chosen now, and the banner's two
 * buttons (ConsentForm), which work without JavaScript; rejecting there also
 * deletes Google's cookies (docs/decisions/083).
 */
export function ConsentChoice({ current, returnTo }: ConsentChoiceProps) {
  const now =
    current === 'accepted'
      ? 'Ahora tienes aceptada la analítica.'
      : current === 'rejected'
        ? 'Ahora tienes rechazada la analítica.'
        : 'Aún no has elegido: hasta que aceptes, no cargamos la analítica.'
  return (
    <ConsentForm returnTo={returnTo} className="consent-choice" actionsClassName="actions">
      <p className="consent-choice__now">{now}</p>
    </ConsentForm>
  )
}
