import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Typo tolerance for GET /products: a search no product matches is read again with each unknown
 * word replaced by the most alike word of the catalogue's names ("procesor" -> "processor").
 * The words are few (names repeat their vocabulary; model numbers are left out), so they are kept
 * in memory and compared here, instead of comparing the search with 100,000 names in SQL.
 */

/** How long the vocabulary is used before it is read again (new names join within a minute). */
const MAX_AGE_MS = 60_000;
/** pg_trgm's default similarity threshold: below it two words are not taken for one another. */
const THRESHOLD = 0.3;

interface Vocabulary {
  words: Set<string>;
  trigrams: Map<string, Set<string>>;
}

/** Each database's vocabulary, as read (or being read) at `at`. */
const vocabularies = new WeakMap<Db, { at: number; reading: Promise<Vocabulary> }>();

/** The trigrams of a word as pg_trgm counts them: padded with two spaces before, one after. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of the two words. */
export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return shared / (a.size + b.size - shared);
}

async function read(db: Db): Promise<Vocabulary> {
  const result = await db.execute<{ word: string }>(
    sql`select distinct word from products,
          regexp_split_to_table(lower(name), '[^[:alnum:]]+') as word
        where word ~ '^[[:alpha:]]{3,}$'`,
  );
  const words = new Set(rowsOf<{ word: string }>(result).map((row) => row.word));
  return {
    words,
    trigrams: new Map([...words].map((word) => [word, trigrams(word)])),
  };
}

function vocabularyOf(db: Db): Promise<Vocabulary> {
  const cached = vocabularies.get(db);
  if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.reading;
  const reading = read(db);
  vocabularies.set(db, { at: Date.now(), reading });
  reading.catch(() => vocabularies.delete(db));
  return reading;
}

/** The search's words with each unknown word corrected, or null when nothing was corrected. */
export async function correctedWords(db: Db, words: string[]): Promise<string[] | null> {
  const vocabulary = await vocabularyOf(db);
  let changed = false;
  const corrected = words.map((word) => {
    if (!/^\p{L}{3,}$/u.test(word) || vocabulary.words.has(word)) return word;
    const grams = trigrams(word);
    let best = word;
    let bestScore = THRESHOLD;
    for (const [candidate, candidateGrams] of vocabulary.trigrams) {
      const score = similarity(grams, candidateGrams);
      if (score > bestScore) [best, bestScore] = [candidate, score];
    }
    if (best !== word) changed = true;
    return best;
  });
  return changed ? corrected : null;
}
