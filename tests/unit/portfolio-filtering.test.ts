import { describe, expect, it } from 'vitest';
import {
  distinctCategories,
  filterProjects,
  portfolioHref,
  readPortfolioQuery,
} from '#client/pages/projects/portfolio-filtering';

const projects = [
  { id: 1, categories: ['Résidentiel'] },
  { id: 2, categories: ['Clôture'] },
  { id: 3, categories: ['Paysager', 'Résidentiel'] },
  { id: 4, categories: ['Commercial', ' '] },
  { id: 5, categories: [] },
];

describe('portfolio filtering', () => {
  it('lists each category once, sorted the French way (accented letters beside their base letter), blanks left out', () => {
    expect(distinctCategories(projects)).toEqual(['Clôture', 'Commercial', 'Paysager', 'Résidentiel']);
  });

  it('keeps every project that lists the category, in their order; null keeps them all', () => {
    expect(filterProjects(projects, 'Résidentiel').map((p) => p.id)).toEqual([1, 3]);
    expect(filterProjects(projects, 'Inconnue')).toEqual([]);
    expect(filterProjects(projects, null)).toHaveLength(5);
  });

  it('reads ?categorie= (empty means all) and a page number clamped to 1..50, anything else being page 1', () => {
    expect(readPortfolioQuery(new URLSearchParams('categorie=Cl%C3%B4ture&page=3'))).toEqual({
      category: 'Clôture',
      page: 3,
    });
    expect(readPortfolioQuery(new URLSearchParams('categorie=&page=0'))).toEqual({ category: null, page: 1 });
    expect(readPortfolioQuery(new URLSearchParams('page=999'))).toEqual({ category: null, page: 50 });
    expect(readPortfolioQuery(new URLSearchParams('page=2abc'))).toEqual({ category: null, page: 1 });
  });

  it('writes the URL without the parameters left at their default, the category encoded', () => {
    expect(portfolioHref({ category: null, page: 1 })).toBe('/projects');
    expect(portfolioHref({ category: 'Clôture', page: 1 })).toBe('/projects?categorie=Cl%C3%B4ture');
    expect(portfolioHref({ category: 'A & B', page: 2 })).toBe('/projects?categorie=A+%26+B&page=2');
  });
});
