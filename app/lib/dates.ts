const MESES = [
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio',
  'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre',
] as const

/** "2024-03-15" -> "15 de marzo de 2024", identical on the server and in the browser. */
export function longDate(iso: string): string {
  const [anio, mes, dia] = iso.split('-').map(Number)
  const nombreMes = mes ? MESES[mes - 1] : undefined
  if (!anio || !nombreMes || !dia) throw new Error(`Fecha no válida: ${iso}`)
  return `${dia} de ${nombreMes} de ${anio}`
}
