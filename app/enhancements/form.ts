import { markReady } from './names'

/** The hooks of a form that posts as a whole document (the tracking lookup). */
export const DOCUMENT_FORM = {
  root: 'data-document-form',
  /** On its submit button: what the button says while the post is on its way. */
  sendingLabel: 'data-sending-label',
} as const

/**
 * Focuses the first control the server marked invalid (aria-invalid, on the control or on a group's
 * fieldset): where the visitor starts correcting. The quote form calls it after each answer.
 */
export function focusFirstInvalid(form: HTMLFormElement): void {
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]')
  const control = invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input, select, textarea') : invalid
  control?.focus()
}

/** How long a post may take before the button is usable again (a navigation stopped or failed fires no event). */
export const SENDING_TIMEOUT_MS = 15_000

/**
 * A form that posts as a whole document: when the answer comes back with messages, focus goes to the
 * first field to fix; while a post is on its way the button says so and a second submit is ignored (no
 * double post), until the page changes, comes back from the back-forward cache, or 15 s pass without an
 * answer (the visitor stopped the load, or the network failed): then it can be sent again.
 */
export function enhanceDocumentForm(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>(`button[${DOCUMENT_FORM.sendingLabel}]`)
  const idle = button?.textContent ?? ''
  let timer: ReturnType<typeof setTimeout> | undefined
  let sending = false
  const reset = () => {
    clearTimeout(timer)
    sending = false
    if (!button) return
    button.removeAttribute('aria-disabled')
    button.textContent = idle
  }
  form.addEventListener('submit', (event) => {
    if (sending) {
      event.preventDefault()
      return
    }
    sending = true
    timer = setTimeout(reset, SENDING_TIMEOUT_MS)
    if (!button) return
    button.setAttribute('aria-disabled', 'true')
    button.textContent = button.getAttribute(DOCUMENT_FORM.sendingLabel)
  })
  // Back to a page kept in the back-forward cache: the button is usable again.
  form.ownerDocument.defaultView?.addEventListener('pageshow', reset)
  focusFirstInvalid(form)
}

export function start(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>(`form[${DOCUMENT_FORM.root}]`)) enhanceDocumentForm(form)
  markReady(doc, 'form')
}
