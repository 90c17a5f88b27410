interface PrivacyNoticeProps {
  shopName: string
  email: string
  retentionDays: number
}

/**
 * The basic data-protection information next to the quote form, before the
 * visitor sends anything: who, what for, who receives it, how long, the
 * rights; the summary in the footer and the full policy at /privacidad.
 */
export function PrivacyNotice({ shopName, email, retentionDays }: PrivacyNoticeProps) {
  return (
    <aside className="privacy-notice" aria-labelledby="proteccion-datos">
      <h3 id="proteccion-datos" className="privacy-notice__title">
        Protección de datos
      </h3>
      <p>
        {shopName} usa tus datos solo para responder a esta solicitud. Llegan al taller por su chat de Telegram y, si
        falla, por correo; te damos un enlace privado para seguirla, que no muestra tus datos de contacto. Se borran a
        los {retentionDays} días del último paso, con su seguimiento. Puedes consultarlos, corregirlos o pedir que los
        borremos escribiendo a <a href={`mailto:${email}`}>{email}</a>.{' '}
        <a href="#politica-privacidad">Política de privacidad</a> (<a href="/privacidad">texto completo</a>)
      </p>
    </aside>
  )
}
