import clsx from 'clsx'
import type { Sello, Slide } from '~/catalogo/tipos'
import { CAROUSEL, CAROUSEL_TEXTS } from '~/enhancements/carousel'

import { useEnhancement } from './enhancement-scripts'
import { Icon } from './icon'
import { Tooltip } from './tooltip'
import { TrustSignals } from './trust-signals'

interface HeroCarouselProps {
  /** The page's h1, outside the slides: it stays in place (and readable) while they rotate. */
  heading: string
  slides: readonly Slide[]
  /** Claims under each slide's button. */
  claims: readonly Sello[]
}

const hook = (attribute: string) => ({ [attribute]: '' })

/**
 * Hero carousel after the WAI-ARIA carousel pattern, under the page's h1 (never inside a slide, which is
 * hidden from assistive technology once it rotates away). The server HTML shows the first slide complete (the
 * others aria-hidden and inert) and hides the controls, which come before the slides so that the rotation
 * control is the first stop of the tab order; the carousel module (app/enhancements/carousel.ts)
 * reveals them and rotates the slides.
 */
export function HeroCarousel({ heading, slides, claims }: HeroCarouselProps) {
  useEnhancement('carousel')
  const count = slides.length
  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Nuestros servicios destacados"
      {...hook(CAROUSEL.root)}
    >
      <div className="hero__heading container">
        <h1 className="eyebrow hero__eyebrow">{heading}</h1>
      </div>
      {/* The rotation control comes first in the tab order (the pattern); CSS places the controls at the bottom. */}
      <div className="hero__controls container" hidden {...hook(CAROUSEL.controls)}>
        <Tooltip content={CAROUSEL_TEXTS.pauseTip} describes={false}>
          <button
            type="button"
            className="icon-button hero__control"
            aria-label={CAROUSEL_TEXTS.pause}
            {...hook(CAROUSEL.toggle)}
          >
            <PauseGlyph />
            <PlayGlyph />
          </button>
        </Tooltip>
        <Tooltip content="Anterior" describes={false}>
          <button
            type="button"
            className="icon-button hero__control"
            aria-label="Diapositiva anterior"
            {...hook(CAROUSEL.previous)}
          >
            <Icon name="flecha-izquierda" size={20} />
          </button>
        </Tooltip>
        <div className="hero__dots" role="group" aria-label="Elegir diapositiva">
          {slides.map((slide, index) => (
            <button
              key={slide.titulo}
              type="button"
              className="icon-button hero__dot"
              aria-label={`Ir a la diapositiva ${index + 1}: ${slide.titulo}`}
              aria-current={index === 0 ? 'true' : undefined}
              {...hook(CAROUSEL.dot)}
            />
          ))}
        </div>
        <Tooltip content="Siguiente" describes={false}>
          <button
            type="button"
            className="icon-button hero__control"
            aria-label="Diapositiva siguiente"
            {...hook(CAROUSEL.next)}
          >
            <Icon name="flecha-derecha" size={20} />
          </button>
        </Tooltip>
      </div>
      <div className="hero__slides" aria-live="polite" {...hook(CAROUSEL.slides)}>
        {slides.map((slide, index) => {
          const current = index === 0
          return (
            <div
              key={slide.titulo}
              className={clsx('hero__slide', current && 'hero__slide--active')}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} de ${count}`}
              aria-hidden={current ? undefined : true}
              {...hook(CAROUSEL.slide)}
              {...(current ? {} : { inert: '' })}
            >
              <img
                className="hero__image"
                src={slide.imagen.src}
                alt=""
                width={slide.imagen.width}
                height={slide.imagen.height}
                loading={current ? 'eager' : 'lazy'}
                {...{ fetchpriority: current ? 'high' : 'low' }}
                decoding={current ? 'sync' : 'async'}
              />
              <div className="hero__content container">
                <h2 className="hero__title">{slide.titulo}</h2>
                <p className="hero__subtitle">{slide.subtitulo}</p>
                <div className="actions">
                  <a href="/presupuesto" className="button button--primary button--large">
                    Solicitar Presupuesto
                  </a>
                </div>
                <TrustSignals claims={claims} tone="hero" />
              </div>
            </div>
          )
        })}
      </div>
    </section>
  )
}

function PauseGlyph() {
  return (
    <svg className="hero__glyph-pause" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
    </svg>
  )
}

function PlayGlyph() {
  return (
    <svg className="hero__glyph-play" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />
    </svg>
  )
}
