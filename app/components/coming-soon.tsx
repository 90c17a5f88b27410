import { Icon } from './icon'

const TARJETAS = [
  { icono: 'estrella', texto: 'Nuevas mejoras para jugar mejor.' },
  { icono: 'herramienta', texto: 'Más reparaciones en camino.' },
  { icono: 'mando', texto: 'Nuevas opciones de personalización.' },
  { icono: 'rayo', texto: 'Más mejoras de rendimiento.' },
] as const

/** The four 'Próximamente' placeholder cards of every service detail page. */
export function ComingSoon({ modelo }: { modelo: string }) {
  return (
    <section className="section section--tight" aria-labelledby="proximamente">
      <div className="container">
        <h2 id="proximamente" className="section__title">
          Más servicios para tu {modelo}
        </h2>
        <ul className="grid grid--4 coming-soon">
          {TARJETAS.map((tarjeta) => (
            <li key={tarjeta.icono} className="coming-soon__card">
              <Icon name={tarjeta.icono} size={26} />
              <h3 className="coming-soon__title">Próximamente</h3>
              <p className="coming-soon__text">{tarjeta.texto}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
