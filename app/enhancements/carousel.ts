import { markReady } from './names'

/** The carousel moves to the next slide every 5 seconds. */
export const CAROUSEL_INTERVAL_MS = 5000

/** The pause button's name and tooltip in each state (the server HTML shows the playing ones). */
export const CAROUSEL_TEXTS = {
  pause: 'Pausar el carrusel',
  pauseTip: 'Pausar',
  resume: 'Reanudar el carrusel',
  resumeTip: 'Reanudar',
} as const

/** The hooks of the carousel's server HTML (hero-carousel.tsx). */
export const CAROUSEL = {
  root: 'data-carousel',
  slides: 'data-carousel-slides',
  slide: 'data-carousel-slide',
  controls: 'data-carousel-controls',
  toggle: 'data-carousel-toggle',
  previous: 'data-carousel-previous',
  next: 'data-carousel-next',
  dot: 'data-carousel-dot',
  /** On the root while the carousel is paused (by its button or reduced motion): the play glyph shows. */
  paused: 'data-paused',
} as const

const all = <T extends Element>(root: Document | HTMLElement, attribute: string) => [
  ...root.querySelectorAll<T>(`[${attribute}]`),
]

/**
 * The hero carousel after the WAI-ARIA carousel pattern (docs/decisions/004): the server HTML shows the
 * first slide, the others aria-hidden and inert, and hides the controls (the rotation control first in the
 * tab order). This reveals them and rotates every 5 s, wrapping; rotation pauses while a mouse pointer is
 * over it (a tap on a phone is no hover) or a control has keyboard focus (:focus-visible, so a click on
 * 'next' does not stop it for good), stops with the pause button, and does not start under reduced motion
 * (nor goes on once the visitor asks for it). Play pressed by the visitor rotates even while focus or the
 * pointer is on the carousel, as in the pattern's example. It changes attributes and text only: the
 * elements are the server's.
 */
export function enhanceCarousel(root: HTMLElement, { reducedMotion }: { reducedMotion: MediaQueryList | null }): void {
  const slides = all<HTMLElement>(root, CAROUSEL.slide)
  const dots = all<HTMLButtonElement>(root, CAROUSEL.dot)
  const toggle = root.querySelector<HTMLButtonElement>(`[${CAROUSEL.toggle}]`)
  const live = root.querySelector<HTMLElement>(`[${CAROUSEL.slides}]`)
  const count = slides.length
  if (count < 2) return
  let active = Math.max(
    0,
    slides.findIndex((slide) => !slide.hasAttribute('aria-hidden')),
  )
  let playing = !reducedMotion?.matches
  /** Play pressed by the visitor: it wins over hover and focus until he pauses again. */
  let chosen = false
  let hovered = false
  let focused = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const show = (index: number) => {
    active = (index + count) % count
    slides.forEach((slide, position) => {
      const current = position === active
      slide.classList.toggle('hero__slide--active', current)
      if (current) {
        slide.removeAttribute('aria-hidden')
        slide.removeAttribute('inert')
      } else {
        slide.setAttribute('aria-hidden', 'true')
        slide.setAttribute('inert', '')
      }
    })
    dots.forEach((dot, position) => {
      if (position === active) dot.setAttribute('aria-current', 'true')
      else dot.removeAttribute('aria-current')
    })
  }

  /** (Re)starts the countdown to the next slide, or stops it: every change of slide or state starts it afresh. */
  const schedule = () => {
    clearTimeout(timer)
    const rotating = playing && (chosen || (!hovered && !focused))
    live?.setAttribute('aria-live', rotating ? 'off' : 'polite')
    if (rotating) {
      timer = setTimeout(() => {
        show(active + 1)
        schedule()
      }, CAROUSEL_INTERVAL_MS)
    }
  }

  const go = (index: number) => {
    show(index)
    schedule()
  }

  const setPlaying = (value: boolean) => {
    playing = value
    root.toggleAttribute(CAROUSEL.paused, !playing)
    if (toggle) {
      toggle.setAttribute('aria-label', playing ? CAROUSEL_TEXTS.pause : CAROUSEL_TEXTS.resume)
      const tip = toggle.parentElement?.querySelector('[role="tooltip"]')
      if (tip) tip.textContent = playing ? CAROUSEL_TEXTS.pauseTip : CAROUSEL_TEXTS.resumeTip
    }
    schedule()
  }

  toggle?.addEventListener('click', () => {
    chosen = !playing
    setPlaying(!playing)
  })
  root.querySelector(`[${CAROUSEL.previous}]`)?.addEventListener('click', () => go(active - 1))
  root.querySelector(`[${CAROUSEL.next}]`)?.addEventListener('click', () => go(active + 1))
  dots.forEach((dot, index) => dot.addEventListener('click', () => go(index)))
  const hover = (value: boolean) => (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    hovered = value
    schedule()
  }
  root.addEventListener('pointerenter', hover(true))
  root.addEventListener('pointerleave', hover(false))
  reducedMotion?.addEventListener('change', (query) => {
    if (!query.matches) return
    chosen = false
    setPlaying(false)
  })
  root.addEventListener('focusin', (event) => {
    if (!(event.target instanceof Element) || !event.target.matches(':focus-visible')) return
    focused = true
    schedule()
  })
  root.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return
    focused = false
    schedule()
  })

  for (const controls of all<HTMLElement>(root, CAROUSEL.controls)) controls.hidden = false
  show(active)
  setPlaying(playing)
}

export function start(doc: Document): void {
  const reducedMotion = doc.defaultView?.matchMedia('(prefers-reduced-motion: reduce)') ?? null
  for (const root of all<HTMLElement>(doc, CAROUSEL.root)) enhanceCarousel(root, { reducedMotion })
  markReady(doc, 'carousel')
}
