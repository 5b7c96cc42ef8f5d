import { describe, expect, it } from 'vitest';
import { alfalfaGradeBy, forageKindOf, grassGrade, qualityGrade } from './quality-grade.ts';

describe('alfalfaGradeBy', () => {
  it('grades by RFV with the USDA AMS bounds', () => {
    expect(alfalfaGradeBy('rfv', 190)).toBe('Supreme');
    expect(alfalfaGradeBy('rfv', 185)).toBe('Premium');
    expect(alfalfaGradeBy('rfv', 170)).toBe('Premium');
    expect(alfalfaGradeBy('rfv', 169.9)).toBe('Good');
    expect(alfalfaGradeBy('rfv', 150)).toBe('Good');
    expect(alfalfaGradeBy('rfv', 140)).toBe('Fair');
    expect(alfalfaGradeBy('rfv', 129)).toBe('Utility');
  });

  it('grades fibre the other way round', () => {
    expect(alfalfaGradeBy('adf', 26)).toBe('Supreme');
    expect(alfalfaGradeBy('adf', 27)).toBe('Premium');
    expect(alfalfaGradeBy('adf', 29)).toBe('Premium');
    expect(alfalfaGradeBy('adf', 31)).toBe('Good');
    expect(alfalfaGradeBy('adf', 35)).toBe('Fair');
    expect(alfalfaGradeBy('adf', 36)).toBe('Utility');
    expect(alfalfaGradeBy('ndf', 33)).toBe('Supreme');
    expect(alfalfaGradeBy('ndf', 38)).toBe('Good');
    expect(alfalfaGradeBy('ndf', 45)).toBe('Utility');
  });

  it('grades crude protein', () => {
    expect(alfalfaGradeBy('protein', 23)).toBe('Supreme');
    expect(alfalfaGradeBy('protein', 21)).toBe('Premium');
    expect(alfalfaGradeBy('protein', 19)).toBe('Good');
    expect(alfalfaGradeBy('protein', 17)).toBe('Fair');
    expect(alfalfaGradeBy('protein', 15)).toBe('Utility');
  });
});

describe('grassGrade', () => {
  it('grades by crude protein', () => {
    expect(grassGrade(14)).toBe('Premium');
    expect(grassGrade(13)).toBe('Good');
    expect(grassGrade(9)).toBe('Good');
    expect(grassGrade(7)).toBe('Fair');
    expect(grassGrade(4)).toBe('Low');
  });
});

describe('forageKindOf', () => {
  it('sends legumes and their mixes to the alfalfa table', () => {
    expect(forageKindOf('Alfalfa')).toBe('legume');
    expect(forageKindOf('alfalfa/orchardgrass mix')).toBe('legume');
    expect(forageKindOf('Red clover')).toBe('legume');
    expect(forageKindOf('Timothy')).toBe('grass');
    expect(forageKindOf(null)).toBe('grass');
  });
});

describe('qualityGrade', () => {
  it('grades legumes by RFV even when CP says otherwise', () => {
    expect(qualityGrade('legume', { rfv: 160, adf: 26, protein: 23 })).toBe('Good');
  });

  it('computes RFV from ADF and NDF when it is missing', () => {
    expect(qualityGrade('legume', { adf: 30, ndf: 40 })).toBe('Good');
    expect(qualityGrade('legume', { adf: 26, ndf: 32 })).toBe('Supreme');
  });

  it('falls back to CP, then to nothing', () => {
    expect(qualityGrade('legume', { protein: 21 })).toBe('Premium');
    expect(qualityGrade('legume', {})).toBeNull();
  });

  it('grades grass by CP only', () => {
    expect(qualityGrade('grass', { rfv: 200, protein: 8 })).toBe('Fair');
    expect(qualityGrade('grass', { rfv: 90 })).toBeNull();
  });
});
