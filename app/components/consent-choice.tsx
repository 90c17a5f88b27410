interface ConsentChoiceProps {
  /** The choice stored now, if any. */
  current: 'accepted' | 'rejected' | null
  /** Where /consentimiento returns the visitor. */
  returnTo: string
}

/**
 * The consent choice on /cookies: the banner's two buttons as a plain form
 * posting to /consentimiento, so it works without JavaScript; rejecting
 * there also deletes Google's cookies (docs/decisions/083).
 */
export function ConsentChoice({ current, returnTo }: ConsentChoiceProps) {
  const now =
    current === 'accepted'
      ? 'Ahora tienes aceptada la analítica.'
      : current === 'rejected'
        ? 'Ahora tienes rechazada la analítica.'
        : 'Aún no has elegido: hasta que aceptes, no cargamos la analítica.'
  return (
    <form method="post" action="/consentimiento" className="consent-choice">
      <input type="hidden" name="redirectTo" value={returnTo} />
      <p className="consent-choice__now">{now}</p>
      <div className="actions">
        <button type="submit" name="decision" value="rejected" className="button button--secondary">
          Rechazar
        </button>
        <button type="submit" name="decision" value="accepted" className="button button--primary">
          Aceptar
        </button>
      </div>
    </form>
  )
}
