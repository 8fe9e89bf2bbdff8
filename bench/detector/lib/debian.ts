/**
 * Extra human-only negatives: prose passages from Debian packages that ship English text written
 * long before language models (the Jargon File, The Devil's Dictionary, the Debian FAQ). They are
 * installed with apt-get when missing (training machines only; never copied into the repository)
 * and cut into passages of 120–400 words at paragraph boundaries. Missing packages are skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Example } from './example.js';

const PACKAGES = [
  { pkg: 'jargon-text', file: '/usr/share/doc/jargon-text/jargon.txt.gz', domain: 'glossary' },
  { pkg: 'dict-devil', file: '/usr/share/dictd/devil.dict.dz', domain: 'dictionary' },
  { pkg: 'debian-faq', file: '/usr/share/doc/debian/FAQ/debian-faq.en.txt.gz', domain: 'technical_faq' },
] as const;

/** Passages taken from one package at most (spread evenly over the document). */
const MAX_PASSAGES = 150;

/** Installs the missing packages with apt-get (unless DETECT_NO_APT=1); a failure leaves them out. */
function installMissing(missing: readonly string[], purpose: string): void {
  if (missing.length === 0 || process.env['DETECT_NO_APT'] === '1') return;
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'ignore' });
  } catch {
    console.warn(`could not install ${missing.join(' ')}; ${purpose} without them`);
  }
}

function ensureInstalled(): void {
  installMissing(PACKAGES.filter((p) => !existsSync(p.file)).map((p) => p.pkg), 'training');
}

/** Paragraphs that read as prose: enough words, mostly letters, ending like a sentence. */
function proseParagraphs(raw: string): string[] {
  return raw.split(/\n\s*\n/u)
    .map((p) => p.replace(/\s+/gu, ' ').trim())
    .filter((p) => {
      const words = p.split(' ').length;
      const letters = (p.match(/\p{L}/gu) ?? []).length;
      return words >= 25 && letters / p.length > 0.7 && /[.!?"')]$/u.test(p) && !/https?:|[<>{}|]|\.{4,}/u.test(p);
    });
}

function passages(paragraphs: string[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const p of paragraphs) {
    const n = p.split(' ').length;
    if (n > 400) continue;
    if (words + n > 400 && words >= 120) { out.push(current.join(' ')); current = []; words = 0; }
    current.push(p);
    words += n;
  }
  if (words >= 120) out.push(current.join(' '));
  return out;
}

export function debianHumanTexts(): { examples: Example[]; files: string[] } {
  ensureInstalled();
  const examples: Example[] = [];
  const files: string[] = [];
  for (const { pkg, file, domain } of PACKAGES) {
    if (!existsSync(file)) continue;
    const raw = gunzipSync(readFileSync(file)).toString('utf8');
    const all = passages(proseParagraphs(raw));
    const step = Math.max(1, all.length / MAX_PASSAGES);
    for (let k = 0; k < Math.min(MAX_PASSAGES, all.length); k++) {
      examples.push({ text: all[Math.floor(k * step)]!, label: 'human', domain, generator: 'human', group: `debian/${pkg}/${k}`, source: 'debian' });
    }
    files.push(`debian package ${pkg}: ${file}`);
  }
  return { examples, files };
}

/**
 * Human writing of kinds no training source holds, for measuring false positives only (never trained on):
 * the Debian project's history, Ian Murdock's 1993 manifesto, the Debian constitution (legal prose), the
 * Developer's Reference (a manual, reStructuredText sources), The Debian Administrator's Handbook (a book by two
 * French authors, HTML) and Perl's own documentation (tutorials, FAQ, style and community guides, POD read with
 * pod2text). Cut the same way as the training passages.
 */
const UNSEEN_PACKAGES = [
  { pkg: 'debian-history', files: ['/usr/share/doc/debian-history/docs/project-history.en.txt.gz', '/usr/share/doc/debian-history/debian-manifesto.gz', '/usr/share/doc/debian-history/constitution.txt.gz'], domain: 'history_and_charter' },
  { pkg: 'developers-reference', dir: '/usr/share/developers-reference/_sources', suffix: '.rst.txt', domain: 'manual' },
  { pkg: 'debian-handbook', dir: '/usr/share/doc/debian-handbook/html/en-US', suffix: '.html', domain: 'book' },
  { pkg: 'perl-doc', dir: perlPodDir(), suffix: '.pod', domain: 'programming_guide' },
] as const;

/** Where perl-doc puts the POD of this machine's Perl (/usr/share/perl/<version>/pod). */
function perlPodDir(): string {
  const root = '/usr/share/perl';
  const version = existsSync(root) ? readdirSync(root).filter((v) => /^\d+\.\d+/u.test(v) && existsSync(`${root}/${v}/pod`)).sort().at(-1) : undefined;
  return version ? `${root}/${version}/pod` : `${root}/pod`;
}

/** Perl's prose documents: not the release notes (perl*delta), the per-platform notes or the function references. */
const PERL_PROSE = /^perl(?:faq\d*|intro|style|toot|hist|tut|trap|syn|data|opentut|perf|sec|ethics|ooth|obj|modstyle|newmod|hacktips|dsc|glossary|book|community|doc|policy|gov|howtocomp|git|source|hack|mod|modinstall|sub|ref|reftut|lol|dsc|re|retut|requick|packtut|bot|thrtut|unitut|unifaq|uniintro)\.pod$/u;

function unseenFiles(p: (typeof UNSEEN_PACKAGES)[number]): string[] {
  if ('files' in p) return p.files.filter((f) => existsSync(f));
  if (!existsSync(p.dir)) return [];
  return readdirSync(p.dir).filter((f) => f.endsWith(p.suffix) && (p.pkg !== 'perl-doc' || PERL_PROSE.test(f))).sort().map((f) => `${p.dir}/${f}`);
}

const ENTITIES: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', rsquo: '’', lsquo: '‘', ldquo: '“', rdquo: '”', mdash: '—', ndash: '–', hellip: '…' };

/** The handbook's paragraphs (its `<div class="para">` blocks) as plain text, one per blank-line block. */
function htmlParagraphs(html: string): string {
  return [...html.matchAll(/<div class="para">([\s\S]*?)<\/div>/gu)]
    .map((m) => m[1]!.replace(/<[^>]+>/gu, '').replace(/&(#\d+|[a-z]+);/gu, (whole, e: string) => (e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : ENTITIES[e] ?? whole)))
    .join('\n\n');
}

/** A POD document's prose as text: pod2text indents code blocks further than paragraphs, so those are left out. */
function podProse(file: string): string {
  try {
    return execFileSync('pod2text', [file], { encoding: 'utf8', maxBuffer: 1 << 26 }).split(/\n\s*\n/u).filter((p) => !/^ {6,}/mu.test(p)).join('\n\n');
  } catch {
    return '';
  }
}

function readUnseen(file: string): string {
  if (file.endsWith('.gz')) return gunzipSync(readFileSync(file)).toString('utf8');
  if (file.endsWith('.html')) return htmlParagraphs(readFileSync(file, 'utf8'));
  if (file.endsWith('.pod')) return podProse(file);
  return readFileSync(file, 'utf8');
}

export function debianUnseenHumanTexts(): { examples: Example[]; files: string[] } {
  installMissing(UNSEEN_PACKAGES.filter((p) => unseenFiles(p).length === 0).map((p) => p.pkg), 'measuring');
  const examples: Example[] = [];
  const files: string[] = [];
  for (const p of UNSEEN_PACKAGES) {
    const found = unseenFiles(p);
    if (found.length === 0) continue;
    const raw = found.map(readUnseen).join('\n\n');
    passages(proseParagraphs(raw)).forEach((text, k) => {
      examples.push({ text, label: 'human', domain: p.domain, generator: 'human', group: `debian-unseen/${p.pkg}/${k}`, source: 'debian-unseen' });
    });
    files.push(`debian package ${p.pkg}: ${found.length === 1 ? found[0] : `${found.length} files`}`);
  }
  return { examples, files };
}
