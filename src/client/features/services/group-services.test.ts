import { describe, expect, it } from 'vitest';
import type { Service } from '@/shared/schemas/services';
import { categorySectionId, groupServicesByCategory } from './group-services';

const service = (name: string, category: Service['category']): Service => ({
  _id: name,
  name,
  category,
  price: 30,
  duration: 60,
  description: `${name} description`,
  image: { url: `/uploads/${name}.jpg` },
});

describe('groupServicesByCategory', () => {
  it('orders groups as the salon lists its categories, not as the services arrive', () => {
    const groups = groupServicesByCategory([
      service('Gel pedicure', 'Nail care'),
      service('Bridal make up', 'Make up'),
      service('Aroma spa', 'SPA procedures'),
    ]);
    expect(groups.map((group) => group.category)).toEqual(['Make up', 'Nail care', 'SPA procedures']);
  });

  it('keeps the services of a category in their given order', () => {
    const groups = groupServicesByCategory([service('Haircut', 'Hair styling'), service('Colouring', 'Hair styling')]);
    expect(groups[0]?.services.map((s) => s.name)).toEqual(['Haircut', 'Colouring']);
  });

  it('returns no groups when there are no services', () => {
    expect(groupServicesByCategory([])).toEqual([]);
  });
});

describe('categorySectionId', () => {
  it('gives every category an id that can follow a # in a link', () => {
    expect(categorySectionId('Make up')).toBe('category-make-up');
    expect(categorySectionId('SPA procedures')).toBe('category-spa-procedures');
    expect(categorySectionId('cosmetology')).toBe('category-cosmetology');
  });
});
