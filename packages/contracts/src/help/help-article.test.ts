import { describe, expect, it } from 'vitest';
import { headingAnchor, helpPath, parseHelpArticle, plainText } from './help-article.ts';

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
});
