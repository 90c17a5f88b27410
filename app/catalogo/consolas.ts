import { imagen } from './tienda'
import type { MarcaConsola, ReparacionConsola } from './tipos'

/** Repairs offered on every console page: the same eight for every brand. */
export const reparacionesConsolas = [
  {
    nombre: 'Cambio de pasta térmica',
    descripcion:
      'Si tu consola se calienta o hace ruido, renovamos la pasta térmica del procesador para que trabaje fresca.',
  },
  {
    nombre: 'Limpieza de ventiladores',
    descripcion: 'Quitamos el polvo acumulado en ventiladores y disipadores para recuperar la ventilación.',
  },
  {
    nombre: 'Reparación de lector óptico',
    descripcion: 'Lectores que no leen, no aceptan discos o no los expulsan: lente, motor o lector completo.',
  },
  {
    nombre: 'Disco duro y SSD',
    descripcion: 'Sustituimos discos averiados o ampliamos el almacenamiento con un SSD más rápido.',
  },
  {
    nombre: 'Puerto HDMI',
    descripcion: 'Sin imagen o imagen intermitente: cambiamos el conector HDMI dañado con soldadura de precisión.',
  },
  {
    nombre: 'Fuente de alimentación',
    descripcion: 'La consola no enciende o se apaga sola: diagnosticamos y reparamos o sustituimos la fuente.',
  },
  {
    nombre: 'Reballing',
    descripcion: 'Resoldado de chips en placa para fallos de imagen o de encendido causados por el calor.',
  },
  {
    nombre: 'Actualización y formateo',
    descripcion: 'Actualizamos el sistema, restauramos la consola y dejamos todo listo para jugar.',
  },
] as const satisfies readonly ReparacionConsola[]

/** Console brands (/servicios/consolas) with the models each page supports. */
export const marcasConsolas = [
  {
    slug: 'playstation',
    nombre: 'Consolas PlayStation',
    titulo: 'PlayStation',
    descripcion: 'PS5, PS4 y PS3: temperatura, ruido, HDMI, lector, disco y fuente.',
    intro: 'Reparamos consolas PlayStation de las tres últimas generaciones, con presupuesto gratis y sin compromiso.',
    imagen: imagen(
      '/images/marcas/consolas-playstation.svg',
      'Consola de sobremesa alta blanca y negra junto a una consola más antigua',
    ),
    link: '/servicios/consolas/playstation',
    plataforma: 'playstation',
    modelos: ['PS5 (incluida la edición Digital)', 'PS4 (también Pro y Slim)', 'PS3'],
    modelosPresupuesto: ['PlayStation 5', 'PlayStation 4', 'PlayStation 3'],
  },
  {
    slug: 'xbox',
    nombre: 'Consolas Xbox',
    titulo: 'Xbox',
    descripcion: 'Series X/S, One y 360: sobrecalentamiento, HDMI, disco, lector y fuente.',
    intro: 'Devolvemos a la vida tu Xbox: limpieza, temperatura, conexiones y almacenamiento.',
    imagen: imagen(
      '/images/marcas/consolas-xbox.svg',
      'Consola de sobremesa negra en forma de torre junto a una consola blanca pequeña',
    ),
    link: '/servicios/consolas/xbox',
    plataforma: 'xbox',
    modelos: ['Xbox Series X', 'Xbox Series S', 'Xbox One (también S y X)', 'Xbox 360'],
    modelosPresupuesto: ['Xbox Series X', 'Xbox Series S', 'Xbox One'],
  },
  {
    slug: 'nintendo',
    nombre: 'Consolas Nintendo',
    titulo: 'Nintendo',
    descripcion: 'Switch, OLED, Lite, Wii U y 3DS: carga, pantalla, lector de cartuchos y más.',
    intro: 'Reparamos las consolas de Nintendo de sobremesa y portátiles, de Switch a la familia 3DS.',
    imagen: imagen(
      '/images/marcas/consolas-nintendo.svg',
      'Consola híbrida con mandos laterales desmontables junto a su base',
    ),
    link: '/servicios/consolas/nintendo',
    plataforma: 'nintendo',
    modelos: ['Nintendo Switch', 'Nintendo Switch OLED', 'Nintendo Switch Lite', 'Wii U', '3DS, 3DS XL y 2DS'],
    modelosPresupuesto: ['Nintendo Switch', 'Nintendo Switch OLED'],
  },
  {
    slug: 'otras',
    nombre: 'Otras consolas',
    titulo: 'Otras',
    descripcion: 'Steam Deck, ROG Ally, Legion Go, PSP, PS Vita, Game Boy y Game Gear.',
    intro: 'PC portátiles y clásicas retro también pasan por nuestro taller.',
    imagen: imagen('/images/marcas/consolas-otras.svg', 'Consola portátil tipo PC junto a una portátil retro'),
    link: '/servicios/consolas/otras',
    plataforma: 'otras',
    modelos: ['Steam Deck', 'ROG Ally', 'Legion Go', 'PSP', 'PS Vita', 'Game Boy (todas sus versiones)', 'Game Gear'],
    modelosPresupuesto: [],
  },
] as const satisfies readonly MarcaConsola[]
