import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { RevisionList } from '#client/admin/kit/revision-history';
import {
  describeRevisionChange,
  revisionChanges,
  revisionValue,
  type RevisionEntry,
} from '#shared/revision-changes';

// The 'Historique' of the edit screens (docs/product-rules.md, "Revisions").

describe('the difference between a version and the current item', () => {
  test('lists only the fields that differ, labelled in French, the version first', () => {
    const changes = revisionChanges(
      { fields: { name: 'Ciment', price: 5500, stock: 3, surface: null }, images: [] },
      { fields: { name: 'Ciment', price: 6000, stock: 3, surface: null }, images: [] },
    );
    expect(changes).toEqual([{ field: 'price', label: 'Prix', before: 5500, after: 6000 }]);
    expect(describeRevisionChange(changes[0]!)).toBe('Prix : 5 500 → 6 000');
  });

  test('compares what both engines answer alike: DECIMAL text, JSON text, empty text', () => {
    expect(
      revisionChanges(
        { fields: { price: '5500.00', features: '["Solide"]', long_description: '' }, images: [] },
        { fields: { price: 5500, features: '["Solide"]', long_description: null }, images: [] },
      ),
    ).toEqual([]);
    // A reference made of digits stays text: '0012' is not 12.
    expect(
      revisionChanges(
        { fields: { reference: '0012' }, images: [] },
        { fields: { reference: '12' }, images: [] },
      ),
    ).toHaveLength(1);
  });

  test('names the fields the activity log does not know, and a field only one side has', () => {
    const changes = revisionChanges(
      { fields: { town: 'Bruxelles', numero: 'PRJ-1' }, images: [] },
      { fields: { town: 'Liège', numero: 'PRJ-1', challenges: 'Sol argileux' }, images: [] },
    );
    expect(changes.map((change) => change.label)).toEqual(['Ville', 'Défis']);
  });

  test('shortens long texts, counts project images, reads empty values as (vide)', () => {
    const long = 'a'.repeat(200);
    expect(revisionValue('description', long, 20)).toBe(`${'a'.repeat(19)}…`);
    expect(revisionValue('project_images', [{}, {}, {}])).toBe('3 images');
    expect(revisionValue('project_images', [])).toBe('(aucune)');
    expect(revisionValue('old_price', null)).toBe('(vide)');
    expect(revisionValue('price', 12500000)).toBe('12 500 000');
  });
});

describe('the list of versions', () => {
  const versions: RevisionEntry[] = [
    {
      id: 7,
      created_at: '2026-11-28T09:05:00.000Z',
      user_name: 'Éric Éditeur',
      fields: { price: 5500, image: 'products/a.jpg' },
      images: ['products/a.jpg'],
      changes: [
        { field: 'price', label: 'Prix', before: 5500, after: 6000 },
        { field: 'image', label: 'Image', before: 'products/a.jpg', after: 'products/b.jpg' },
      ],
    },
    {
      id: 6,
      created_at: '2026-11-27T22:30:00.000Z',
      user_name: null,
      fields: { price: 6000 },
      images: [],
      changes: [],
    },
  ];

  test('shows each version with its time in Cotonou, its author and its differences', () => {
    const html = renderToString(<RevisionList versions={versions} onRestore={() => {}} />);
    // 09:05 UTC is 10:05 in Cotonou.
    expect(html).toContain('28/11/2026 à 10:05');
    expect(html).toContain('Éric Éditeur');
    expect(html).toContain('Prix : 5 500 → 6 000');
    // Images as thumbnails of their smallest variant, never their paths as text.
    expect(html).toMatch(/<img[^>]+products\/a-/);
    expect(html).not.toContain('Image : products/a.jpg');
    expect(html).toContain('Auteur inconnu');
    expect(html).toContain('Identique à la version actuelle.');
    expect(html.match(/Restaurer cette version/g)).toHaveLength(2);
  });

  test('offers no restore to a role that only reads, and says when there is no version yet', () => {
    expect(renderToString(<RevisionList versions={versions} />)).not.toContain('Restaurer cette version');
    expect(renderToString(<RevisionList versions={[]} />)).toContain('Aucune version précédente');
  });
});
