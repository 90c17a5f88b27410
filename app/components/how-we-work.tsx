import type { Paso } from '~/catalogo/tipos'

import { StepList } from './step-list'

/** The "how we work" strip: four numbered steps. */
export function HowWeWork({ pasos }: { pasos: readonly Paso[] }) {
  return (
    <section className="section how-we-work" aria-labelledby="como-trabajamos">
      <div className="container">
        <p className="eyebrow">Sin complicaciones</p>
        <h2 id="como-trabajamos" className="section__title">
          Cómo trabajamos
        </h2>
        <StepList pasos={pasos} />
      </div>
    </section>
  )
}
