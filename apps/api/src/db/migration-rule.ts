/*
 * Upgrades without downtime (docs/decisions/057): a migration runs while instances of the
 * release before it still serve, so it only adds (expand). What would break them (a table or
 * column dropped or renamed, a type changed, a rule tightened that their writes may not meet)
 * waits for a contract step: a later migration, marked so on its first line, released after
 * every release that reads the old shape is gone. `npm test` reads every migration against it.
 */

/** The first line of a migration that may contract: `-- contract step: <what no release reads>`. */
export const CONTRACT_MARK = /^--[ \t]*contract step:[ \t]*\S/i;

const RULES: { pattern: RegExp; why: string }[] = [
  {
    // DROP INDEX and DROP NOT NULL loosen nothing an older release relies on.
    pattern: /\bDROP\s+(?!INDEX\b|NOT\s+NULL\b)\S/,
    why: 'drops what an older release may read or rely on',
  },
  { pattern: /\bRENAME\b/, why: 'renames what an older release reads by its old name' },
  {
    pattern: /\bALTER\s+COLUMN\s+"?[\w]+"?\s+(SET\s+DATA\s+)?TYPE\b/,
    why: 'changes a type an older release reads and writes',
  },
  {
    pattern: /\bSET\s+NOT\s+NULL\b/,
    why: "makes NOT NULL what an older release's writes leave empty",
  },
  {
    pattern: /\bADD\s+COLUMN\b(?![^;]*\b(DEFAULT|GENERATED)\b)[^;]*\bNOT\s+NULL\b/,
    why: "adds a NOT NULL column without a default, which an older release's inserts leave empty",
  },
];

/** The statements of a migration's SQL that only a contract step may run, each with why. */
export function contractStatements(sqlText: string): { statement: string; why: string }[] {
  if (CONTRACT_MARK.test(sqlText.trimStart())) return [];
  return sqlText.split('--> statement-breakpoint').flatMap((text) => {
    const lines = text.split('\n');
    const statement = lines
      .filter((line) => !line.trimStart().startsWith('--'))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    // What the rules read: strings, comments and quoted names are not SQL (a column called
    // "renamed_at" renames nothing).
    const words = lines
      .map((line) => line.replace(/'(?:[^']|'')*'/g, "''").replace(/--.*$/, ''))
      .join(' ')
      .replace(/"[^"]*"/g, '"x"')
      .toUpperCase();
    // An ALTER TABLE of several actions is judged action by action.
    const actions = words.split(/,\s*(?=(?:ADD|ALTER|DROP|RENAME)\b)/);
    const broken = RULES.find(({ pattern }) => actions.some((action) => pattern.test(action)));
    return statement && broken ? [{ statement, why: broken.why }] : [];
  });
}
