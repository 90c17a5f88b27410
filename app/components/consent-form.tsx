import type { ReactNode } from 'react'

interface ConsentFormProps {
  /** Where /consentimiento returns the visitor. */
  returnTo: string
  className: string
  /** The class of the row of the two choices. */
  actionsClassName: string
  /** What the form says, before the choices. */
  children: ReactNode
  /** What follows the choices (the banner's close button). */
  after?: ReactNode
}

/**
 * The consent choice, 'Rechazar' or 'Aceptar', as a plain form posting to /consentimiento, so it works
 * without JavaScript: the banner of every page and the choice on /cookies (docs/decisions/020, 083, 097).
 */
export function ConsentForm({ returnTo, className, actionsClassName, children, after }: ConsentFormProps) {
  return (
    <form method="post" action="/consentimiento" className={className}>
      <input type="hidden" name="redirectTo" value={returnTo} />
      {children}
      <div className={actionsClassName}>
        <button type="submit" name="decision" value="rejected" className="button button--secondary">
          Rechazar
        </button>
        <button type="submit" name="decision" value="accepted" className="button button--primary">
          Aceptar
        </button>
      </div>
      {after}
    </form>
  )
}
