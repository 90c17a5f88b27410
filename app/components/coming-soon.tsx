import { Icon } from './icon'

const CARDS = [
  { icono: 'estrella', texto: 'Nuevas mejoras para jugar mejor.' },
  { icono: 'herramienta', texto: 'Más reparaciones en camino.' },
  { icono: 'mando', texto: 'Nuevas opciones de personalización.' },
  { icono: 'rayo', texto: 'Más mejoras de rendimiento.' },
] as const

/** The four 'Próximamente' placeholder cards of every service detail page. */
export function ComingSoon({ model }: { model: string }) {
  return (
    <section className="section section--tight" aria-labelledby="proximamente">
      <div className="container">
        <h2 id="proximamente" className="section__title">
          Más servicios para tu {model}
        </h2>
        <ul className="grid grid--4 coming-soon">
          {CARDS.map((card) => (
            <li key={card.icono} className="coming-soon__card">
              <Icon name={card.icono} size={26} />
              <h3 className="coming-soon__title">Próximamente</h3>
              <p className="coming-soon__text">{card.texto}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
