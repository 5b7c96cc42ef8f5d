import { describe, expect, it } from 'vitest';
import {
  headingAnchor,
  helpEntries,
  helpPath,
  parseHelpArticle,
  plainText,
} from './help-article.ts';

describe('help articles', () => {
  it('splits an article into its title, summary and sections with anchors', () => {
    const article = parseHelpArticle(
      'units',
      '# Units and settings\n\nEveryone reads **them**.\n\nMore.\n\n## Show RFV\n\nOn, RFV.\n\n### Crop year starts in\n\nJanuary.\n',
    );
    expect(article).toMatchObject({
      slug: 'units',
      title: 'Units and settings',
      summary: 'Everyone reads them.',
    });
    expect(article.sections.map((s) => [s.anchor, s.heading, s.text])).toEqual([
      ['show-rfv', 'Show RFV', 'On, RFV.'],
      ['crop-year-starts-in', 'Crop year starts in', 'January.'],
    ]);
    expect(article.markdown.startsWith('Everyone reads')).toBe(true);
  });

  it('makes GitHub-style anchors', () => {
    expect(headingAnchor('1. Register your baler')).toBe('1-register-your-baler');
    expect(headingAnchor('Quality grades: grass hay')).toBe('quality-grades-grass-hay');
    expect(headingAnchor('Show **RFV**')).toBe('show-rfv');
    expect(helpPath('troubleshooting', 'locked-bales')).toBe('/help/troubleshooting#locked-bales');
    expect(helpPath('heatmaps')).toBe('/help/heatmaps');
  });

  it('reads Markdown as plain text for quoting', () => {
    expect(plainText('Open **Menu → Fields** and [import](/help/fields) a `.zip`.')).toBe(
      'Open Menu → Fields and import a .zip.',
    );
    expect(plainText('| grade | RFV |\n|---|---|\n| Supreme | above 185 |')).toBe(
      'grade, RFV\nSupreme, above 185',
    );
    expect(plainText('- one\n- *two*\n1. three')).toBe('one\ntwo\nthree');
  });

  it('gives the searches one passage per article and per section', () => {
    const article = parseHelpArticle('units', '# Units\n\nKg or lb.\n\n## Area\n\nha or **ac**.');
    expect(helpEntries([article])).toEqual([
      { id: 'units', slug: 'units', title: 'Units', text: 'Kg or lb.', markdown: 'Kg or lb.' },
      {
        id: 'units#area',
        slug: 'units',
        title: 'Units',
        anchor: 'area',
        heading: 'Area',
        text: 'ha or ac.',
        markdown: 'ha or **ac**.',
      },
    ]);
  });
});
