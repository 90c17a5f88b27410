import { markReady } from './names'

/** How long a success toast stays when JavaScript runs; errors, and toasts with a link, stay until closed. */
export const TOAST_AUTO_HIDE_MS = 6000

/** The hooks of a toast's server HTML (toast.tsx). */
export const TOAST = {
  /** On the toast's region; its value is the toast's kind, 'exito' or 'error'. */
  root: 'data-toast',
  /** A toast with a link stays until closed (docs/decisions/074). */
  lasting: 'data-toast-lasting',
  enhanced: 'data-toast-enhanced',
} as const

/**
 * A toast is server HTML that closes without JavaScript (a checkbox labelled 'Cerrar aviso'), and whose text
 * shows a moment after its live region (toast.css), so that it is announced. This hides a success toast
 * without a link after 6 s by ticking that checkbox, a countdown that waits while the pointer is over the
 * toast or focus is in it and starts afresh when they leave. Called once per toast: by start() for the
 * toasts of the server HTML, and by the quote page's React for the toasts it shows after a post.
 */
export function enhanceToast(region: HTMLElement): void {
  if (region.hasAttribute(TOAST.enhanced)) return
  region.setAttribute(TOAST.enhanced, '')
  const close = region.querySelector<HTMLInputElement>('input[type="checkbox"]')
  if (!close || region.getAttribute(TOAST.root) !== 'exito' || region.hasAttribute(TOAST.lasting)) return
  let timer: ReturnType<typeof setTimeout> | undefined
  let held = { pointer: false, focus: false }
  const countdown = () => {
    clearTimeout(timer)
    if (!held.pointer && !held.focus)
      timer = setTimeout(() => {
        close.checked = true
      }, TOAST_AUTO_HIDE_MS)
  }
  const hold = (part: keyof typeof held, value: boolean) => () => {
    held = { ...held, [part]: value }
    countdown()
  }
  region.addEventListener('pointerenter', hold('pointer', true))
  region.addEventListener('pointerleave', hold('pointer', false))
  region.addEventListener('focusin', hold('focus', true))
  region.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && region.contains(event.relatedTarget))) hold('focus', false)()
  })
  countdown()
}

export function start(doc: Document): void {
  for (const region of doc.querySelectorAll<HTMLElement>(`[${TOAST.root}]`)) enhanceToast(region)
  markReady(doc, 'toast')
}
