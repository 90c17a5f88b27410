/**
 * Reading the repository's Markdown as GitHub renders it, for the tests that hold the docs to the code: the
 * prose outside code, the headings and their anchors, the links.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

/** The repository's files, tracked or new (git ls-files, what git ignores left out), optionally under some paths. */
export function trackedFiles(...paths: string[]): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...paths], {
    encoding: 'utf8',
  })
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => existsSync(file))
}

/** Every Markdown file of the repository. */
export function markdownFiles(): string[] {
  return trackedFiles('*.md')
}

/** The text without its fenced code blocks (a block's lines become empty, so line numbers hold). */
export function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ''))
}

/** The prose: no fenced blocks, HTML comments or inline code spans. */
export function proseOf(markdown: string): string {
  return withoutFences(markdown)
    .replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ''))
    .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length))
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** The headings of a Markdown text (outside code), as written (inline code's backticks kept). */
export function headingsOf(markdown: string): string[] {
  return [...withoutFences(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)].map((match) => match[1] ?? '')
}

/** The anchors of a Markdown text's headings, with GitHub's -1, -2 for a repeated one. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const heading of headingsOf(markdown)) {
    const slug = slugOf(heading)
    const count = seen.get(slug) ?? 0
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
    seen.set(slug, count + 1)
  }
  return anchors
}

/** The links of a Markdown text's prose: their targets as written. */
export function linksOf(markdown: string): string[] {
  return [...proseOf(markdown).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map((match) => match[1] ?? '')
}

/** A file's text. */
export const read = (path: string) => readFileSync(path, 'utf8')
