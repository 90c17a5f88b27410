interface PrivacyPolicyProps {
  shopName: string
  /** The shop's e-mail, where the rights are exercised; absent only on a page whose layout data failed. */
  email: string | undefined
  /** Days a quote is kept (QUOTE_RETENTION_DAYS). */
  retentionDays: number | undefined
}

/**
 * The privacy policy in the footer of every page (#politica-privacidad): the
 * full information the quote page's notice points to.
 */
export function PrivacyPolicy({ shopName, email, retentionDays }: PrivacyPolicyProps) {
  const contact = email ? <a href={`mailto:${email}`}>{email}</a> : 'el correo del taller'
  return (
    <section id="politica-privacidad" className="site-footer__policy" aria-labelledby="politica-privacidad-titulo">
      <h2 id="politica-privacidad-titulo" className="site-footer__title">
        Política de privacidad
      </h2>
      <dl className="site-footer__facts">
        <dt>Responsable</dt>
        <dd>
          {shopName}, taller en Lakua, Vitoria-Gasteiz (01010). Contacto: {contact}.
        </dd>
        <dt>Para qué</dt>
        <dd>
          Con lo que nos cuentas en el formulario de presupuesto (qué reparar y el modelo, tu e-mail, tu teléfono y tus
          comentarios) solo preparamos tu presupuesto y te contestamos. Lo tratamos porque tú nos lo pides, antes de un
          posible encargo (art. 6.1.b del RGPD). No lo usamos para publicidad. Si nos dejas el aparato, anotamos cada
          paso de la reparación (cuándo llega, se repara y se entrega o envía) para que lo sigas.
        </dd>
        <dt>Tu página de seguimiento</dt>
        <dd>
          Cada solicitud tiene una dirección privada e imposible de adivinar donde ves su estado: solo muestra la
          referencia, el tipo y el modelo, y las fechas de cada paso; nunca tu e-mail, tu teléfono ni tus comentarios.
          No aparece en buscadores. Se borra con tu solicitud.
        </dd>
        <dt>Quién lo recibe</dt>
        <dd>
          Tu solicitud llega al taller por su chat de Telegram y, si este falla, por correo electrónico; se guarda en
          Cloudflare, que aloja esta web. No se la damos a nadie más.
        </dd>
        <dt>Cuánto tiempo</dt>
        <dd>
          {retentionDays ? `${retentionDays} días` : 'El tiempo justo'} desde que la recibimos o desde el último paso de
          la reparación (nunca mientras tu aparato esté en el taller o de camino); después se borra sola, con su
          historial y su página de seguimiento. Si nos pides que la borremos antes, lo hacemos.
        </dd>
        <dt>Tus derechos</dt>
        <dd>
          Puedes pedir acceso a tus datos, corregirlos, borrarlos, limitar su uso, oponerte o llevártelos: escríbenos a{' '}
          {contact}. Si crees que no te hemos atendido bien, puedes reclamar ante la Agencia Española de Protección de
          Datos (aepd.es).
        </dd>
      </dl>
      <p>
        <a href="/privacidad">Política de privacidad completa</a>
      </p>
    </section>
  )
}
