/**
 * Whether a word may take a capital where it comes to open a sentence: an ordinary English word (SUBTLEX-US, the
 * detector's table of general words), not code, a command, a symbol or a variable ("npm install", "n = 50", "<br/>").
 */
import { loadWordRanks } from '../detector/word-ranks.js';

const COMMON_WORDS = loadWordRanks();

/** Command-line programs that are also words of the list ("pip install", "ls -la", "git push"). */
const COMMANDS = new Set(['pip', 'pip3', 'ls', 'cd', 'git', 'sudo', 'apt', 'brew', 'docker', 'curl', 'wget', 'grep', 'yarn',
  'npx', 'node', 'python', 'python3', 'cargo', 'rm', 'mv', 'cp', 'mkdir', 'chmod', 'chown', 'ssh', 'scp', 'kubectl', 'helm',
  'tar', 'unzip', 'sed', 'awk', 'ping', 'kill', 'top', 'man', 'less', 'tail', 'head', 'touch', 'find', 'sort', 'diff']);

/**
 * A word of seven letters or more outside the list, written in letters only and with vowels between its consonants
 * ("photosynthesis", "mitochondria", "urbanization"): a term of a field, not code ("kubectl", "npm", "rm" are short or
 * have no vowel to speak of).
 */
const LONG_WORD = /^(?=\p{Ll}{7,}$)(?!\p{Ll}*[^aeiouy\P{Ll}]{4})\p{Ll}+$/u;

/** Whether the text starts (after spaces) with an ordinary lower-case English word, safe to capitalise. */
export function capitalisable(rest: string): boolean {
  // A compound's first part stands for it: "low-income residents" → "Low-income residents".
  const m = /^\s*(\p{Ll}[\p{Ll}'’]*)(?=$|[\s,.;:!?)\]”"]|-\p{Ll}{2,}(?:$|[\s,.;:!?)\]”"]))/u.exec(rest);
  if (!m || (m[1]!.length === 1 && m[1] !== 'a') || (COMMON_WORDS.rank(m[1]!) >= COMMON_WORDS.unknownRank && !LONG_WORD.test(m[1]!))) return false;
  // A command with its arguments: a program's name before a flag, or before another lower-case word of code.
  const after = rest.slice(m.index + m[0].length);
  if (/^\s+-/u.test(after)) return false;
  return !(COMMANDS.has(m[1]!) && /^\s+[\p{Ll}.\/~-]/u.test(after));
}

/** Lower-case words of three letters or more: a sentence's own vocabulary, without names, numbers or protected spans. */
const PLAIN_WORDS = /(?<![\p{L}\p{N}'’-])\p{Ll}{3,}(?![\p{L}\p{N}'’-])/gu;

/**
 * Whether a sentence of an English paragraph is written in another language: four of its own words or more, and fewer
 * than a third of them English words of the list ("Moreover, kailangan pa nating ayusin yung slides." in a Tagalog and
 * English chat, "Ngoài ra, chúng tôi đã nhận được …" between English sentences). Such a sentence is not the English
 * rules' to rewrite ("Beyond this, kailangan pa nating …"). Terms of a field, names and code leave an English sentence
 * English: its small words are in the list.
 */
export function otherLanguageSentence(sentence: string): boolean {
  const words = sentence.match(PLAIN_WORDS) ?? [];
  if (words.length < 4) return false;
  const english = words.filter((w) => COMMON_WORDS.rank(w) < COMMON_WORDS.unknownRank).length;
  return english < words.length / 3;
}
