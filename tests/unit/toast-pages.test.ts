import { afterEach, describe, expect, it } from 'vitest';
import { ToastStore } from '#client/components/toast';

/**
 * Toasts and the pages of the back office (docs/product-rules.md, Back office): a toast goes
 * once the page it was raised on is left; one raised to announce the move ('Connexion
 * réussie') stays on the page the app goes to, and goes when that page is left in turn.
 */
describe('toasts and pages', () => {
  const store = new ToastStore({ dismissAfterMs: { default: null, destructive: null } });
  const titles = () => store.snapshot().map((item) => item.title);
  afterEach(() => {
    for (const item of store.snapshot()) store.dismiss(item.id);
  });

  it('a sign-in failure goes when the dashboard opens; the welcome it announces stays until the next page', () => {
    store.enterPage('/login');
    store.show({
      title: 'Échec de la connexion',
      description: 'Identifiants incorrects.',
      variant: 'destructive',
    });
    store.show({ title: 'Connexion réussie', keepOnNextPage: true });
    expect(titles()).toEqual(['Échec de la connexion', 'Connexion réussie']);

    store.enterPage('/admin');
    expect(titles()).toEqual(['Connexion réussie']);
    // The same page again (a filter in the query, an effect run twice) changes nothing.
    store.enterPage('/admin');
    expect(titles()).toEqual(['Connexion réussie']);

    store.enterPage('/admin/products');
    expect(titles()).toEqual([]);
  });

  it('a toast raised on a page stays while the page does', () => {
    store.enterPage('/admin/products');
    store.show({
      title: 'Erreur',
      description: 'Impossible de charger les catégories',
      variant: 'destructive',
    });
    store.enterPage('/admin/products');
    expect(titles()).toEqual(['Erreur']);
    store.enterPage('/admin/offers');
    expect(titles()).toEqual([]);
  });
});
