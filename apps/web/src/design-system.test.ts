import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One design system (docs/decisions/029): every page draws with components/ui and CSS Modules.
 * The names are put together here so that this file does not find itself.
 */
const LIBRARIES = new RegExp(['@' + 'mui', '@' + 'emotion'].join('|'));
const web = join(import.meta.dirname, '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('the web app draws with its own kit only', () => {
  it('has no mention of MUI or emotion anywhere in apps/web/src (grep -r finds nothing)', () => {
    const files = filesUnder(join(web, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const mentions = files.filter((file) => LIBRARIES.test(readFileSync(file, 'utf8')));
    expect(mentions.map((file) => relative(web, file))).toEqual([]);
  });

  it('depends on neither, in its package.json or the workspace lock file', () => {
    const manifest = readFileSync(join(web, 'package.json'), 'utf8');
    const lock = readFileSync(join(web, '..', '..', 'package-lock.json'), 'utf8');
    expect(manifest).not.toMatch(LIBRARIES);
    expect(lock).not.toMatch(LIBRARIES);
  });
});
