/**
 * How every e-mail of the shop looks (docs/decisions/103): one content model
 * (a heading and blocks) written twice, as HTML and as plain text, so the two
 * parts always say the same. The HTML is what mail apps render: a single
 * 560 px column of tables with inline styles, system fonts, no remote image,
 * no script, no tracking; every link is the site's own, `tel:`, `mailto:` or
 * the shop's WhatsApp (the caller gives them; `assertOwnLinks` checks).
 */
import { SHOP_NAME } from '~shared/shop'

/** One piece of an e-mail's body. */
export type EmailBlock =
  /** A paragraph. */
  | { kind: 'text'; text: string; strong?: boolean }
  /** Label and value pairs (the reference, the amount, a date…). */
  | { kind: 'facts'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** The one call to action: a link drawn as a button. */
  | { kind: 'button'; label: string; href: string }
  /** Words as someone typed them (the customer's description of the fault, the owner's note): kept line by line. */
  | { kind: 'quoted'; label: string; text: string }
  /** Several items, each a title, lines and a link (the lost-link e-mail). */
  | { kind: 'items'; items: ReadonlyArray<{ title: string; lines: readonly string[]; href: string }> }
  /** A short list of steps or points. */
  | { kind: 'points'; items: readonly string[] }
  /** Small print. */
  | { kind: 'note'; text: string }
  /** Titled paragraphs, each with an optional link (the contract's terms). */
  | {
      kind: 'sections'
      title: string
      items: ReadonlyArray<{ title: string; text: string; link?: { text: string; href: string } }>
    }
  /** A document inside the e-mail, in a box (the model withdrawal form). */
  | { kind: 'document'; title: string; lead: string; lines: readonly string[] }

export interface EmailContent {
  subject: string
  /** The line mail apps show after the subject. */
  preheader: string
  heading: string
  blocks: readonly EmailBlock[]
  /** Files that go with it (the model withdrawal form, as a page to print). */
  attachments?: readonly EmailAttachmentFile[]
}

/** A file an e-mail carries: its name, its MIME type and its text. */
export interface EmailAttachmentFile {
  filename: string
  type: string
  content: string
}

/** The shop's contact lines at the foot of every e-mail. */
export interface EmailFooter {
  /** "600 000 000" and its tel: link. */
  phone: { text: string; href: string }
  whatsapp: string
  email: string
  /** The workshop's address on one line, and the hours in words. */
  address: string
  hours: string
  /** Why the customer gets this e-mail, and whose it is (small print). */
  why: string
  site: { text: string; href: string }
}

export interface RenderedEmail {
  subject: string
  text: string
  html: string
  attachments?: readonly EmailAttachmentFile[]
}

/** Text made safe inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}

/** The site's palette (app/styles/tokens.css): ink, muted text, the accent's dark tone (AA on white), surfaces. */
const INK = '#0b1220'
const TEXT = '#0f172a'
const MUTED = '#475569'
const ACCENT = '#0369a1'
const SURFACE = '#f5f7fb'
const BORDER = '#d5deeb'
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
/** Long words (a link, an address) wrap instead of widening the column on a phone. */
const WRAP = 'overflow-wrap:anywhere;word-break:break-word;'

/** Escaped text with its line breaks kept. */
const lines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>')

function blockHtml(block: EmailBlock): string {
  switch (block.kind) {
    case 'text':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:${TEXT};${WRAP}${block.strong ? 'font-weight:600;' : ''}">${lines(block.text)}</p>`
    case 'facts':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse;background:${SURFACE};border-radius:12px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:10px 16px;font-size:14px;line-height:1.4;color:${MUTED};vertical-align:baseline;width:40%">${escapeHtml(label)}</td><td style="padding:10px 16px;font-size:16px;line-height:1.4;color:${TEXT};font-weight:600;vertical-align:baseline;${WRAP}">${lines(value)}</td></tr>`,
        )
        .join('')}</table>`
    case 'button':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:4px 0 24px"><tr><td style="border-radius:10px;background:${ACCENT}"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:14px 22px;font-size:16px;font-weight:600;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:10px">${escapeHtml(block.label)}</a></td></tr></table><p style="margin:-12px 0 20px;font-size:13px;line-height:1.5;color:${MUTED};word-break:break-all">${escapeHtml(block.href)}</p>`
    case 'quoted':
      return `<p style="margin:0 0 6px;font-size:14px;color:${MUTED}">${escapeHtml(block.label)}</p><blockquote style="margin:0 0 20px;padding:12px 16px;border-left:4px solid ${ACCENT};background:${SURFACE};font-size:15px;line-height:1.5;color:${TEXT}">${lines(block.text)}</blockquote>`
    case 'items':
      return block.items
        .map(
          (item) =>
            `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 12px;border:1px solid ${BORDER};border-radius:12px"><tr><td style="padding:14px 16px"><p style="margin:0 0 4px;font-size:16px;font-weight:600;color:${TEXT}">${escapeHtml(item.title)}</p>${item.lines
              .map(
                (line) =>
                  `<p style="margin:0 0 4px;font-size:14px;line-height:1.45;color:${MUTED}">${escapeHtml(line)}</p>`,
              )
              .join(
                '',
              )}<p style="margin:8px 0 0;font-size:15px"><a href="${escapeHtml(item.href)}" style="color:${ACCENT};font-weight:600">Ver esta solicitud</a></p></td></tr></table>`,
        )
        .join('')
    case 'points':
      return `<ul style="margin:0 0 20px;padding-left:20px;font-size:16px;line-height:1.55;color:${TEXT}">${block.items
        .map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`)
        .join('')}</ul>`
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${MUTED};${WRAP}">${lines(block.text)}</p>`
    case 'sections':
      return `<h2 style="margin:24px 0 10px;font-size:18px;line-height:1.3;color:${TEXT}">${escapeHtml(block.title)}</h2>${block.items
        .map(
          (item) =>
            `<p style="margin:0 0 12px;font-size:14px;line-height:1.5;color:${MUTED};${WRAP}"><strong style="color:${TEXT}">${escapeHtml(item.title)}.</strong> ${escapeHtml(item.text)}${item.link ? ` <a href="${escapeHtml(item.link.href)}" style="color:${ACCENT};font-weight:600">${escapeHtml(item.link.text)}</a>` : ''}</p>`,
        )
        .join('')}`
    case 'document':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 20px;border:1px dashed ${MUTED};border-radius:12px"><tr><td style="padding:16px"><p style="margin:0 0 4px;font-size:16px;font-weight:700;color:${TEXT}">${escapeHtml(block.title)}</p><p style="margin:0 0 12px;font-size:13px;color:${MUTED}">${escapeHtml(block.lead)}</p>${block.lines
        .map(
          (line) =>
            `<p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:${TEXT};${WRAP}">— ${escapeHtml(line)}</p>`,
        )
        .join('')}</td></tr></table>`
  }
}

function blockText(block: EmailBlock): string {
  switch (block.kind) {
    case 'text':
    case 'note':
      return block.text
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n')
    case 'button':
      return `${block.label}:\n${block.href}`
    case 'quoted':
      return `${block.label}\n${block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n')}`
    case 'items':
      return block.items
        .map((item) => [`* ${item.title}`, ...item.lines.map((l) => `  ${l}`), `  ${item.href}`].join('\n'))
        .join('\n\n')
    case 'points':
      return block.items.map((item) => `- ${item}`).join('\n')
    case 'sections':
      return [
        block.title.toUpperCase(),
        ...block.items.map(
          (item) => `${item.title}. ${item.text}${item.link ? `\n${item.link.text}: ${item.link.href}` : ''}`,
        ),
      ].join('\n\n')
    case 'document':
      return [`${block.title}`, `(${block.lead})`, ...block.lines.map((line) => `— ${line}`)].join('\n')
  }
}

function footerHtml(footer: EmailFooter): string {
  const link = (href: string, text: string) =>
    `<a href="${escapeHtml(href)}" style="color:#ffffff;text-decoration:underline">${escapeHtml(text)}</a>`
  const row = (label: string, value: string) =>
    `<p style="margin:0 0 6px;font-size:14px;line-height:1.5;color:#dfe6f5"><span style="color:#9fb0d3">${escapeHtml(label)}</span> ${value}</p>`
  return [
    `<p style="margin:0 0 10px;font-size:16px;font-weight:700;color:#ffffff">${escapeHtml(SHOP_NAME)}</p>`,
    row('Teléfono:', link(footer.phone.href, footer.phone.text)),
    row('WhatsApp:', link(footer.whatsapp, 'Escríbenos por WhatsApp')),
    row('Correo:', link(`mailto:${footer.email}`, footer.email)),
    row('Taller:', escapeHtml(footer.address)),
    row('Horario:', escapeHtml(footer.hours)),
    row('Web:', link(footer.site.href, footer.site.text)),
    `<p style="margin:14px 0 0;font-size:12px;line-height:1.5;color:#9fb0d3">${escapeHtml(footer.why)}</p>`,
  ].join('')
}

function footerText(footer: EmailFooter): string {
  return [
    SHOP_NAME,
    `Teléfono: ${footer.phone.text}`,
    `WhatsApp: ${footer.whatsapp}`,
    `Correo: ${footer.email}`,
    `Taller: ${footer.address}`,
    `Horario: ${footer.hours}`,
    `Web: ${footer.site.href}`,
    '',
    footer.why,
  ].join('\n')
}

/** An e-mail's two parts from its content and the shop's foot. */
export function renderEmail(content: EmailContent, footer: EmailFooter): RenderedEmail {
  const text = [
    content.heading,
    '='.repeat(Math.min(60, [...content.heading].length)),
    '',
    content.blocks.map(blockText).join('\n\n'),
    '',
    '--',
    footerText(footer),
    '',
  ].join('\n')
  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#eaf0f8;font-family:${FONT};-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eaf0f8">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:18px 24px;background:${INK};border-radius:16px 16px 0 0;font-family:${FONT}"><span style="font-size:15px;font-weight:700;letter-spacing:0.2px;color:#ffffff">${escapeHtml(SHOP_NAME)}</span></td></tr>
<tr><td style="padding:28px 24px 12px;background:#ffffff;font-family:${FONT}">
<h1 style="margin:0 0 18px;font-size:24px;line-height:1.25;color:${TEXT}">${escapeHtml(content.heading)}</h1>
${content.blocks.map(blockHtml).join('\n')}
</td></tr>
<tr><td style="padding:22px 24px;background:${INK};border-radius:0 0 16px 16px;font-family:${FONT}">${footerHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
  return {
    subject: oneLine(content.subject),
    text,
    html,
    ...(content.attachments ? { attachments: content.attachments } : {}),
  }
}

/** A subject on one line, bounded. */
function oneLine(subject: string): string {
  return [...subject.replace(/\s+/g, ' ').trim()].slice(0, 200).join('')
}

/**
 * The links an e-mail may carry: the site's own pages, the shop's phone and
 * address, and the shop's WhatsApp. Anything else (a visitor's text that looks
 * like a link, a tracking pixel) is a fault of the code.
 */
export function foreignLinks(
  email: RenderedEmail,
  allowed: { siteUrl: string; phone: string; email: string },
): string[] {
  const hrefs = [...email.html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((match) => match[1] ?? '')
  const own = (href: string) =>
    href.startsWith(`${allowed.siteUrl}/`) ||
    href === allowed.siteUrl ||
    href === `tel:+34${allowed.phone}` ||
    href === `mailto:${allowed.email}` ||
    href.startsWith(`https://wa.me/34${allowed.phone}`)
  return hrefs.map((href) => href.replace(/&amp;/g, '&')).filter((href) => !own(href))
}
