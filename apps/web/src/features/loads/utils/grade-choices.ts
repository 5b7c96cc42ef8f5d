import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';

/** "Any grade": the buyer takes whatever comes (the select's value for a null `minGrade`). */
export const ANY_GRADE = '';

/** The "Lowest grade the buyer takes" choices: any, then each table's grades best first. */
export const minGradeChoices = [
  { value: ANY_GRADE, label: 'Any' },
  {
    group: 'Legume hay (by RFV)',
    items: hayGrades
      .filter((g) => g.startsWith('legume.'))
      .map((g) => ({ value: g, label: hayGradeLabel(g) })),
  },
  {
    group: 'Grass hay (by protein)',
    items: hayGrades
      .filter((g) => g.startsWith('grass.'))
      .map((g) => ({ value: g, label: hayGradeLabel(g) })),
  },
];
