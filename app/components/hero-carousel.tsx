import { Link } from '@remix-run/react'
import clsx from 'clsx'
import { useCallback, useEffect, useState } from 'react'

import type { Sello, Slide } from '~/catalogo/tipos'

import { Icon } from './icon'
import { Tooltip } from './tooltip'
import { TrustSignals } from './trust-signals'

/** The carousel moves to the next slide every 5 seconds. */
export const CAROUSEL_INTERVAL_MS = 5000

interface HeroCarouselProps {
  slides: readonly Slide[]
  /** Claims under each slide's button. */
  claims: readonly Sello[]
}

/**
 * Hero carousel after the WAI-ARIA carousel pattern. Server HTML shows the
 * first slide complete; the controls appear once JavaScript runs.
 */
export function HeroCarousel({ slides, claims }: HeroCarouselProps) {
  const [active, setActive] = useState(0)
  const [enhanced, setEnhanced] = useState(false)
  const [playing, setPlaying] = useState(true)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const count = slides.length

  const go = useCallback((index: number) => setActive((index + count) % count), [count])

  useEffect(() => {
    setEnhanced(true)
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(false)
  }, [])

  const rotating = enhanced && playing && !hovered && !focused
  useEffect(() => {
    if (!rotating) return
    const timer = window.setTimeout(() => setActive((current) => (current + 1) % count), CAROUSEL_INTERVAL_MS)
    return () => window.clearTimeout(timer)
  }, [rotating, active, count])

  return (
    <section
      className={clsx('hero', enhanced && 'hero--enhanced')}
      aria-roledescription="carousel"
      aria-label="Nuestros servicios destacados"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => event.target.matches(':focus-visible') && setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <div className="hero__slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => {
          const current = index === active
          return (
            <div
              key={slide.titulo}
              className={clsx('hero__slide', current && 'hero__slide--active')}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} de ${count}`}
              aria-hidden={current ? undefined : true}
              {...inertProps(!current)}
            >
              <img
                className="hero__image"
                src={slide.imagen.src}
                alt=""
                width={slide.imagen.width}
                height={slide.imagen.height}
                loading={index === 0 ? 'eager' : 'lazy'}
                {...{ fetchpriority: index === 0 ? 'high' : 'low' }}
                decoding={index === 0 ? 'sync' : 'async'}
              />
              <div className="hero__content container">
                {index === 0 ? (
                  <h1 className="hero__title">{slide.titulo}</h1>
                ) : (
                  <h2 className="hero__title">{slide.titulo}</h2>
                )}
                <p className="hero__subtitle">{slide.subtitulo}</p>
                <div className="actions">
                  <Link to="/presupuesto" className="button button--primary button--large">
                    Solicitar Presupuesto
                  </Link>
                </div>
                <TrustSignals claims={claims} tone="hero" />
              </div>
            </div>
          )
        })}
      </div>
      <div className="hero__controls container" hidden={!enhanced}>
        <Tooltip content={playing ? 'Pausar' : 'Reanudar'} describes={false}>
          <button
            type="button"
            className="icon-button hero__control"
            onClick={() => setPlaying((value) => !value)}
            aria-label={playing ? 'Pausar el carrusel' : 'Reanudar el carrusel'}
          >
            {playing ? <PauseGlyph /> : <PlayGlyph />}
          </button>
        </Tooltip>
        <Tooltip content="Anterior" describes={false}>
          <button
            type="button"
            className="icon-button hero__control"
            onClick={() => go(active - 1)}
            aria-label="Diapositiva anterior"
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
              aria-current={index === active ? 'true' : undefined}
              onClick={() => go(index)}
            />
          ))}
        </div>
        <Tooltip content="Siguiente" describes={false}>
          <button
            type="button"
            className="icon-button hero__control"
            onClick={() => go(active + 1)}
            aria-label="Diapositiva siguiente"
          >
            <Icon name="flecha-derecha" size={20} />
          </button>
        </Tooltip>
      </div>
    </section>
  )
}

/** React 18 has no `inert` prop: an empty attribute sets it, omitting it clears it. */
function inertProps(inert: boolean) {
  return inert ? ({ inert: '' } as Record<string, string>) : {}
}

function PauseGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
    </svg>
  )
}

function PlayGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />
    </svg>
  )
}
