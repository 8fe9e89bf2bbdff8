/** Whether an English sentence tells the reader to do something (an instruction, a request, a prohibition). */
import { tagTokens } from '../text/pos.js';

/** Verbs a sentence gives an instruction with, which the tagger may read as nouns at its start ("Note that …"). */
const COMMAND_VERBS = /^(?:note|remember|keep|make|take|consider|imagine|try|see|check|use|avoid|ask|call|visit|read|follow|start|stop|think|look|go|get|find|choose|add|set|turn|put|give|tell|send|bring|pick|write|click|open|enter|select|press|install|run|save|wait|contact|email|ensure|book|change|help|join|share|download|sign|register|apply|review|plan|prepare|remove|replace|store|wash|mix|stir|bake|preheat|pour|cut|serve|rest|drink|dress|wear)$/iu;
/** Connectives that add a step or a point, or draw one from the last ("So when you hear a tone, go …"), before the words. */
const ADDED_STEP = /^(?:(?:additionally|also|furthermore|moreover|plus|besides|in\s+addition|on\s+top\s+of\s+that|what['’]s\s+more|beyond\s+(?:this|that)|first|firstly|second|secondly|third|thirdly|next|then|finally|lastly|therefore|thus|hence|consequently|as\s+a\s+result|for\s+this\s+reason|because\s+of\s+this),|so(?!\s+(?:many|much|far|few|little|long|often|well|very|too)(?![\p{L}'’-])))\s+/iu;
/**
 * An instruction or a request: its first word is a verb ("Pour the batter …", "Turn off the power"; a gerund
 * subject, "Eating well matters", is a statement) or a word that asks ("Please", "Let's", "Don't", "Never").
 */
export function isInstruction(s: string): boolean {
  if (/^(?:please|kindly|let|let['’]s|don['’]t|do\s+not|never|always|be|just|simply)(?![\p{L}'’-])/iu.test(s)) return true;
  // An instruction after an opening condition or time: "If you feel dizzy, stop taking them", "When it boils, add salt".
  // And after an additive or sequencing connective: "Additionally, eat soft foods …", "Finally, check …".
  const linked = ADDED_STEP.exec(s);
  if (linked) return isInstruction(s.slice(linked[0].length));
  const after = /^(?:if|when|whenever|before|after|once|unless|while|as\s+soon\s+as|to\s+\p{L}+|in\s+order\s+to\s+\p{L}+)\s[^,;]{2,160},\s+(?=\p{L})/iu.exec(s);
  if (after) return isInstruction(s.slice(after[0].length).replace(/^\p{Ll}/u, (c) => c.toUpperCase()));
  const tags = tagTokens(s);
  const first = tags?.[0];
  if (!first) return false;
  if (first.pos === 'VERB') return !/ing$/iu.test(first.text) || /^(?:bring|sing|ring|string|swing|fling|cling|sting|wring|spring|sling)$/iu.test(first.text);
  // The tagger reads some verbs at the start as names or nouns ("Check the sender's address", "Book your tickets"): a
  // word in -ing aside, a capitalised first word directly before an article or a possessive is a verb there.
  const second = tags![1];
  if ((first.pos !== 'PROPN' && first.pos !== 'NOUN') || /ing$/iu.test(first.text) || !second) return false;
  return /^(?:the|a|an|your|my|our|their|his|her|its|this|these|those|every|each|some|any|all)$/iu.test(second.text)
    // "Note that …", "Remember to …": a verb of instruction, unless a noun's phrase goes on ("Use of …", "Note is …").
    || (COMMAND_VERBS.test(first.text) && !/^(?:of|is|are|was|were|has|have|had|'s|’s)$/iu.test(second.text));
}
