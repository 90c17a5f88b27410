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

/**
 * A form that posts as a whole document: when the answer comes back with messages, focus goes to the
 * first field to fix; while a post is on its way, the button is disabled and says so (no double post).
 */
export function enhanceDocumentForm(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>(`button[${DOCUMENT_FORM.sendingLabel}]`)
  const idle = button?.textContent ?? ''
  form.addEventListener('submit', () => {
    if (!button) return
    button.disabled = true
    button.textContent = button.getAttribute(DOCUMENT_FORM.sendingLabel)
  })
  // Back to a page kept in the back-forward cache: the button is usable again.
  form.ownerDocument.defaultView?.addEventListener('pageshow', () => {
    if (!button) return
    button.disabled = false
    button.textContent = idle
  })
  focusFirstInvalid(form)
}

export function start(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>(`form[${DOCUMENT_FORM.root}]`)) enhanceDocumentForm(form)
  markReady(doc, 'form')
}
