import fs from 'node:fs';
import path from 'node:path';
import {
  type HelpArticle,
  helpArticleSlugs,
  parseHelpArticle,
} from '@baletrack/contracts/help/help-article';
import { SERVER_DIR } from '../../server-dir.ts';

/** The repository's `help/` folder, which the web app bundles too. */
export const HELP_DIR = path.resolve(SERVER_DIR, '../../help');

let loaded: readonly HelpArticle[] | undefined;

/**
 * Every Helpful Information article, read once per process from `help/<slug>.md`
 * (docs/product.md#feedback-help-and-support).
 */
export function helpArticles(): readonly HelpArticle[] {
  loaded ??= helpArticleSlugs.map((slug) =>
    parseHelpArticle(slug, fs.readFileSync(path.join(HELP_DIR, `${slug}.md`), 'utf8')),
  );
  return loaded;
}
