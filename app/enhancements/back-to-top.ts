import { markReady } from './names'

/** The hooks of the back-to-top link's server HTML (back-to-top.tsx). */
export const BACK_TO_TOP = {
  root: 'data-back-to-top',
  /** Set by this module: the link floats in a corner of the screen instead of sitting in the footer. */
  floating: 'data-floating',
  /** Set while the page is scrolled far enough down for the floating link to show. */
  shown: 'data-shown',
  /** Set a moment after it floats: from then on it fades in and out (never on its way out of the footer). */
  animated: 'data-animated',
} as const

/** How far down (in screen heights) the page must be scrolled for the floating link to show. */
export const BACK_TO_TOP_AFTER_SCREENS = 1.5

/**
 * 'Volver arriba'. Without JavaScript it is a link at the foot of the page to the main content (#contenido,
 * which takes focus). With it, the same link floats in a corner once the page is scrolled more than a
 * screen and a half down, and takes the visitor to the top (smoothly unless he asks for reduced motion),
 * focus on the main content, without adding #contenido to the address. It changes attributes only.
 */
export function enhanceBackToTop(link: HTMLAnchorElement): void {
  const doc = link.ownerDocument
  const win = doc.defaultView
  const target = doc.getElementById(new URL(link.href).hash.slice(1))
  if (!win || !target) return
  let frame = 0
  const update = () => {
    frame = 0
    link.toggleAttribute(BACK_TO_TOP.shown, win.scrollY > win.innerHeight * BACK_TO_TOP_AFTER_SCREENS)
  }
  win.addEventListener(
    'scroll',
    () => {
      if (!frame) frame = win.requestAnimationFrame(update)
    },
    { passive: true },
  )
  link.addEventListener('click', (event) => {
    event.preventDefault()
    const reduced = win.matchMedia('(prefers-reduced-motion: reduce)').matches
    win.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' })
    target.focus({ preventScroll: true })
  })
  link.setAttribute(BACK_TO_TOP.floating, '')
  update()
  win.requestAnimationFrame(() => win.requestAnimationFrame(() => link.setAttribute(BACK_TO_TOP.animated, '')))
}

export function start(doc: Document): void {
  for (const link of doc.querySelectorAll<HTMLAnchorElement>(`a[${BACK_TO_TOP.root}]`)) enhanceBackToTop(link)
  markReady(doc, 'back-to-top')
}
