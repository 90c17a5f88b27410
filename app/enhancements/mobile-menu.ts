import { markReady } from './names'

/** The hooks of the small-screen menu's server HTML (mobile-menu.tsx). */
export const MOBILE_MENU = {
  root: 'data-mobile-menu',
  /** The button with aria-expanded, hidden in the server HTML. */
  button: 'data-mobile-menu-button',
  /** The <details> that opens and closes without JavaScript; with it, its summary is hidden and the button drives it. */
  details: 'data-mobile-menu-details',
  /** On the root once the button has taken over, and while the menu is open. */
  enhanced: 'data-enhanced',
  open: 'data-open',
} as const

/**
 * The small-screen menu. Without JavaScript it is a <details> that opens and closes by itself; with it,
 * a button with aria-expanded takes over and the menu closes on a chosen link, on Escape (focus back to
 * the button when it was in the menu), on a press outside and when the page comes back from the back-forward cache. It changes
 * attributes only: the elements are the server's.
 */
export function enhanceMobileMenu(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>(`[${MOBILE_MENU.button}]`)
  const details = root.querySelector<HTMLDetailsElement>(`[${MOBILE_MENU.details}]`)
  if (!button || !details) return
  const doc = root.ownerDocument

  const setOpen = (open: boolean) => {
    details.open = open
    button.setAttribute('aria-expanded', String(open))
    root.toggleAttribute(MOBILE_MENU.open, open)
  }

  button.addEventListener('click', () => setOpen(!details.open))
  details.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false)
  })
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !details.open) return
    // Focus goes back to the button only from inside the menu (or from nowhere): never taken from elsewhere.
    const from = doc.activeElement
    setOpen(false)
    if (!from || from === doc.body || root.contains(from)) button.focus()
  })
  doc.addEventListener('pointerdown', (event) => {
    if (details.open && !(event.target instanceof Node && root.contains(event.target))) setOpen(false)
  })
  doc.defaultView?.addEventListener('pageshow', () => setOpen(false))

  setOpen(false)
  button.hidden = false
  root.setAttribute(MOBILE_MENU.enhanced, '')
}

export function start(doc: Document): void {
  for (const root of doc.querySelectorAll<HTMLElement>(`[${MOBILE_MENU.root}]`)) enhanceMobileMenu(root)
  markReady(doc, 'mobile-menu')
}
