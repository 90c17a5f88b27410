interface PrivacyNoticeProps {
  shopName: string
  email: string
  retentionDays: number
  /** The notice's text (the catalogue's, through the root loader): `{tienda}`, `{dias}` and `{correo}` filled here. */
  text: string
}

/**
 * The basic data-protection information next to the quote form, before the
 * visitor sends anything: who, what for, who receives it, how long, the
 * rights; the summary in the footer and the full policy at /privacidad.
 */
export function PrivacyNotice({ shopName, email, retentionDays, text }: PrivacyNoticeProps) {
  const [before, after] = text.replace('{tienda}', shopName).replace('{dias}', String(retentionDays)).split('{correo}')
  return (
    <aside className="privacy-notice" aria-labelledby="proteccion-datos">
      <h3 id="proteccion-datos" className="privacy-notice__title">
        Protección de datos
      </h3>
      <p>
        {before}
        <a href={`mailto:${email}`}>{email}</a>
        {after} <a href="#politica-privacidad">Política de privacidad</a> (<a href="/privacidad">texto completo</a>)
      </p>
    </aside>
  )
}
