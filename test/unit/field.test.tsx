import { parseHTML } from 'linkedom'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { Field } from '~/components/field'

/** The field's box as the browser gets it. */
function render(element: ReactElement) {
  const { document } = parseHTML(`<!doctype html><html><body>${renderToStaticMarkup(element)}</body></html>`)
  const box = document.body.firstElementChild
  if (!box) throw new Error('sin campo')
  return { document, box }
}

const input = (error?: string, hint?: string) =>
  render(
    <Field form="f" name="email" label="Email" error={error} hint={hint}>
      {(control) => <input {...control} type="email" />}
    </Field>,
  )

describe('Field', () => {
  it('labels its control with conform’s ids; no message, no aria', () => {
    const { document, box } = input()
    const control = document.querySelector('input')
    expect(box.getAttribute('class')).toBe('field')
    expect(document.querySelector('label')?.getAttribute('for')).toBe('f-email')
    expect(control?.getAttribute('id')).toBe('f-email')
    expect(control?.getAttribute('name')).toBe('email')
    expect(control?.getAttribute('class')).toBe('field__control')
    expect(control?.hasAttribute('aria-invalid')).toBe(false)
    expect(control?.hasAttribute('aria-describedby')).toBe(false)
    // The message's element is there, empty and hidden.
    const message = document.getElementById('f-email-error')
    expect(message?.hasAttribute('hidden')).toBe(true)
    expect(message?.textContent).toBe('')
  })

  it('with a message: the control is invalid and described by it', () => {
    const { document } = input('Email inválido')
    const control = document.querySelector('input')
    expect(control?.getAttribute('aria-invalid')).toBe('true')
    expect(control?.getAttribute('aria-describedby')).toBe('f-email-error')
    const message = document.getElementById('f-email-error')
    expect(message?.hasAttribute('hidden')).toBe(false)
    expect(message?.textContent).toBe('Email inválido')
  })

  it('with a hint: described by it always, after the message when there is one', () => {
    const hinted = input(undefined, 'El de tu solicitud').document.querySelector('input')
    expect(hinted?.getAttribute('aria-describedby')).toBe('f-email-description')
    const { document, box } = input('Email inválido', 'El de tu solicitud')
    expect(document.querySelector('input')?.getAttribute('aria-describedby')).toBe('f-email-error f-email-description')
    expect(document.getElementById('f-email-description')?.textContent).toBe('El de tu solicitud')
    // Label, control, hint, message.
    expect([...box.children].map((child) => child.tagName.toLowerCase() + (child.id ? `#${child.id}` : ''))).toEqual([
      'label',
      'input#f-email',
      'p#f-email-description',
      'p#f-email-error',
    ])
  })

  it('a group is a fieldset named by its legend, the aria wiring on the fieldset', () => {
    const group = (error?: string) =>
      render(
        <Field group form="f" name="tipo" label="¿Qué quieres reparar?" error={error} className="field--tipo">
          <input type="radio" name="tipo" value="mando" />
        </Field>,
      )
    const valid = group().box
    expect(valid.tagName.toLowerCase()).toBe('fieldset')
    expect(valid.getAttribute('class')).toBe('field field--tipo')
    expect(valid.querySelector('legend')?.textContent).toBe('¿Qué quieres reparar?')
    expect(valid.hasAttribute('aria-invalid')).toBe(false)
    expect(valid.querySelector('input[name="tipo"]')?.hasAttribute('aria-invalid')).toBe(false)
    const { document, box } = group('Por favor selecciona qué quieres reparar.')
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(box.getAttribute('aria-describedby')).toBe('f-tipo-error')
    expect(document.getElementById('f-tipo-error')?.textContent).toBe('Por favor selecciona qué quieres reparar.')
  })
})
