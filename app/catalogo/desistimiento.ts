/**
 * /desistimiento: the right of withdrawal in plain words (TRLGDCU arts. 102-108) and the model form
 * (Anexo B, whose text is app/shared/withdrawal-form.ts, shared with the function's e-mails). The figures
 * and the holder are filled in by app/lib/withdrawal.server.ts from app/shared/contract.ts and the
 * settings: `{dias}` the withdrawal period, `{devolucion}` the refund's deadline, `{meses}` the repair's
 * guarantee, `{boton}` the tracking page's button, `{correo}` the shop's e-mail, `{titular}` and
 * `{domicilio}` the holder's legal name and address (docs/decisions/118), `{prorroga}` the period's last day
 * rolled to a working day (docs/decisions/134).
 */

export interface PuntoDesistimiento {
  /** Said first, in bold. */
  termino: string
  /** `{correo}` becomes a link to the shop's e-mail. */
  texto: string
}

export const desistimiento = {
  meta: {
    title: 'Derecho de desistimiento y formulario',
    description:
      'Tienes {dias} días desde que aceptas el presupuesto para desistir de la reparación. Cómo hacerlo, qué pagas si ya empezamos y el formulario para imprimir.',
  },
  titulo: 'Derecho de desistimiento',
  lead: 'Al aceptar un presupuesto en tu página de seguimiento contratas la reparación a distancia, y la ley te da {dias} días para echarte atrás sin explicar por qué. Aquí tienes cómo hacerlo y el modelo de formulario.',
  secciones: [
    {
      id: 'plazo',
      titulo: 'Tienes {dias} días',
      texto: [
        'Puedes desistir del contrato de reparación durante {dias} días naturales, contados desde el día siguiente a aquel en que aceptas el presupuesto, sin dar ningún motivo. {prorroga} Para cumplir el plazo basta con que nos envíes tu decisión antes de que acabe: tu página de seguimiento dice hasta qué día puedes.',
        'Si desistes antes de que empecemos a reparar, no pagas nada.',
      ],
    },
    {
      id: 'reparacion-empezada',
      titulo: 'Si ya hemos empezado a reparar',
      texto: [
        'Al aceptar el presupuesto nos pides expresamente que empecemos la reparación dentro de esos {dias} días. Si desistes cuando ya hemos hecho una parte, pagas solo la parte proporcional de lo hecho hasta que nos comunicas tu decisión, respecto del precio total del presupuesto (artículo 108.3 de la ley de consumidores).',
        'Si ya nos habías pagado algo, te devolvemos lo que no corresponda a lo hecho como muy tarde {devolucion} días después de que nos lo comuniques, por el mismo medio con el que pagaste.',
      ],
    },
    {
      id: 'reparacion-terminada',
      titulo: 'Cuándo ya no puedes desistir',
      texto: [
        'Cuando la reparación está completamente terminada, hecha dentro del plazo porque tú nos lo pediste, ya no puedes desistir (artículo 103.a de la ley de consumidores). Al aceptar el presupuesto confirmas que lo sabes.',
        'La garantía sigue ahí: la reparación tiene {meses} meses de garantía desde que te entregamos el aparato.',
      ],
    },
  ],
  como: {
    titulo: 'Cómo desistir',
    intro: 'Elige la forma que te resulte más cómoda:',
    formas: [
      {
        termino: 'En tu página de seguimiento.',
        texto:
          'Con el botón «{boton}», que está mientras puedas desistir: durante los {dias} días y hasta que la reparación esté terminada. Confirmas tu decisión y te enviamos un e-mail que lo acredita, con la fecha y la hora.',
      },
      {
        termino: 'Por e-mail.',
        texto:
          'Escríbenos a {correo} con el formulario de abajo o con cualquier mensaje en el que digas claramente que desistes del contrato. Indica la referencia de tu solicitud (como P-7K3Q) para que la encontremos enseguida.',
      },
      {
        termino: 'Por carta.',
        texto: 'A {titular}, {domicilio}.',
      },
    ] satisfies PuntoDesistimiento[],
    nota: 'Usar el formulario no es obligatorio: vale cualquier declaración inequívoca de que desistes.',
    /** Whoever lost his tracking link: where to find it, and how to get it back by e-mail (/seguimiento). */
    enlace: {
      antes: '¿Has perdido el enlace de tu página de seguimiento? En',
      texto: 'Sigue tu reparación',
      despues:
        'vuelves a ella con la referencia de tu solicitud y tu email, y si solo escribes tu email te enviamos por correo los enlaces de tus solicitudes. Mientras estés dentro del plazo para desistir, tu enlace siempre se puede recuperar así.',
    },
  },
  formulario: {
    /** Above the form, on screen only. */
    intro:
      'Imprímelo y rellénalo a mano, o escríbelo en un e-mail: el botón abre tu correo con el formulario ya copiado. Al imprimir esta página sale solo el formulario, en una hoja.',
    correo: 'Escribir el e-mail de desistimiento',
    asunto: 'Desistimiento del contrato de reparación',
  },
  ley: {
    texto:
      'La ley: el texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios (Real Decreto Legislativo 1/2007), artículos 102 a 108 y anexo B, en el',
    enlace: { texto: 'Boletín Oficial del Estado', href: 'https://www.boe.es/buscar/act.php?id=BOE-A-2007-20555' },
  },
}
