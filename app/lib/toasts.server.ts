import type { Enlace } from '~/catalogo/tipos'
import type { ToastData } from '~/components/toast'

import { FOLLOW_LINK_TEXT } from './quote/options'
import { trackingPath } from '~shared/tracking'

/**
 * The toasts the forms' loaders and actions answer with (the quote page, the
 * tracking lookup). Built on the server only: the browser gets them as data.
 */
export function toast(
  notice: Pick<ToastData, 'tipo' | 'titulo' | 'texto'>,
  extra: { detalle?: string; enlace?: Enlace } = {},
): ToastData {
  return {
    id: crypto.randomUUID(),
    ...notice,
    ...(extra.detalle ? { detalle: extra.detalle } : {}),
    ...(extra.enlace ? { enlace: extra.enlace } : {}),
  }
}

/** The quote's success toast: its reference when the function gave one, and the link to follow it. */
export function sentToast(
  notice: Pick<ToastData, 'tipo' | 'titulo' | 'texto'>,
  { referencia, seguimiento }: { referencia: string | null; seguimiento: string | null },
) {
  return toast(notice, {
    ...(referencia ? { detalle: `Referencia de tu solicitud: ${referencia}` } : {}),
    ...(seguimiento ? { enlace: { texto: FOLLOW_LINK_TEXT, to: trackingPath(seguimiento) } } : {}),
  })
}
