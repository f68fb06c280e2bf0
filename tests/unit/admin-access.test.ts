import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { ADMIN_NAV, navFor } from '#client/admin/admin-nav';
import { roleLabel } from '#client/admin/kit/access';
import { mayOpen, routeAccess } from '#client/admin/kit/route-access';
import { adminRoutes } from '#client/routes';
import { paths } from '#shared/paths';
import { can, FORBIDDEN_MESSAGE, ROLES, type Role } from '#shared/roles';
import { stubBrowserStorage } from './admin-browser-stubs';

// The back office shows each role only its screens and buttons (docs/product-rules.md,
// "Roles and access"): the access each route declares, the sidebar drawn from it, and the
// refusal after a 403.

const layout = adminRoutes.find((route) => route.id === 'admin')!;
const screens = (layout.children ?? []).filter((route) => !route.index && route.path !== '*');

const matchesOf = (path: string) => matchRoutes(adminRoutes, path) ?? [];
const accessOf = (path: string) => routeAccess(matchesOf(path).map((m) => m.route));
const opens = (role: Role, path: string) =>
  mayOpen(
    role,
    matchesOf(path).map((m) => m.route),
  );

describe('every screen declares its access', () => {
  test.each(screens.map((route) => [route.path!, route] as const))('%s', (_path, route: RouteObject) => {
    expect((route.handle as { access?: string } | undefined)?.access).toBeDefined();
  });

  test("each sidebar link has its screen's access, so a link is never shown to a role its screen refuses", () => {
    for (const link of ADMIN_NAV.flatMap((group) => group.links)) {
      expect([link.to, accessOf(link.to)]).toEqual([link.to, link.access]);
    }
  });
});

describe('who opens what', () => {
  test('the editor opens the catalogue and its forms, not the requests, messages, sites or operator screens', () => {
    expect(opens('editeur', paths.adminProducts)).toBe(true);
    expect(opens('editeur', paths.adminProductEdit(3))).toBe(true);
    expect(opens('editeur', paths.adminSubmissions)).toBe(false);
    expect(opens('editeur', paths.adminMessages)).toBe(false);
    expect(opens('editeur', paths.adminSites)).toBe(false);
    expect(opens('editeur', paths.adminOutbox)).toBe(false);
  });

  test('the sales staff read the catalogue and the sites but open no catalogue form nor site update form', () => {
    expect(opens('commercial', paths.adminProducts)).toBe(true);
    expect(opens('commercial', paths.adminProductNew)).toBe(false);
    expect(opens('commercial', paths.adminOfferEdit('parcel', 2))).toBe(false);
    expect(opens('commercial', paths.adminSite(4))).toBe(true);
    expect(opens('commercial', paths.adminSiteUpdateNew(4))).toBe(false);
    expect(opens('commercial', paths.adminSubmissions)).toBe(true);
  });

  test('the site manager opens the sites, their update forms, the dashboard, the profile and the trash only', () => {
    const open = screens
      .map((route) => `/admin/${route.path!}`)
      .filter((path) => opens('chantier', path.replace(/:[^/]+/g, '1')));
    expect(open).toEqual([
      paths.adminDashboard,
      paths.adminSites,
      '/admin/chantiers/:submissionId',
      '/admin/chantiers/:submissionId/nouvelle',
      '/admin/chantiers/:submissionId/modifier/:updateId',
      paths.adminProfile,
      paths.adminTrash,
    ]);
  });

  test('the administrator opens every screen; an unknown role none but the open ones', () => {
    for (const route of screens)
      expect(opens('admin', `/admin/${route.path!.replace(/:[^/]+/g, '1')}`)).toBe(true);
    expect(
      mayOpen(
        'editor',
        matchesOf(paths.adminDashboard).map((m) => m.route),
      ),
    ).toBe(false);
    // 'Page introuvable' and the index's redirect declare none: every signed-in user reaches them.
    expect(
      mayOpen(
        'editor',
        matchesOf('/admin/nulle-part').map((m) => m.route),
      ),
    ).toBe(true);
  });
});

describe('the sidebar', () => {
  const labels = (role: string) =>
    navFor((access) => can(role, access)).map((group) => [
      group.title,
      group.links.map((link) => link.label),
    ]);

  test('an editor sees the content and the catalogue, not the requests, messages, sites or e-mails', () => {
    expect(labels('editeur')).toEqual([
      ['Contenu', ['Tableau de bord', 'Projets', 'Offres', 'Promotions', 'Témoignages']],
      ['Catalogue', ['Produits', 'Catégories']],
      ['Système', ['Mon Profil', 'Corbeille']],
    ]);
  });

  test('a site manager sees the dashboard, the sites, the profile and the trash; empty groups are not drawn', () => {
    expect(labels('chantier')).toEqual([
      ['Contenu', ['Tableau de bord', 'Chantiers']],
      ['Système', ['Mon Profil', 'Corbeille']],
    ]);
  });

  test('the sales staff, who delete nothing, get no trash (docs/product-rules.md, "Trash")', () => {
    expect(labels('commercial').flatMap(([, links]) => links)).not.toContain('Corbeille');
    expect(opens('commercial', paths.adminTrash)).toBe(false);
    expect(opens('editeur', paths.adminTrash)).toBe(true);
  });

  test('the administrator sees every link', () => {
    expect(labels('admin').flatMap(([, links]) => links)).toHaveLength(
      ADMIN_NAV.flatMap((group) => group.links).length,
    );
  });
});

test('roles are named in French; an unknown stored value is shown as it is', () => {
  expect(ROLES.map(roleLabel)).toEqual(['Administrateur', 'Commercial', 'Conducteur de travaux', 'Éditeur']);
  expect(roleLabel('editor')).toBe('editor');
});

describe('a 403 from the API', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const user = (role: string) => ({ id: 7, name: 'Awa', email: 'awa@example.test', role });

  beforeEach(() => {
    stubBrowserStorage();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  async function signedInAs(role: string) {
    const session = await import('#client/admin/kit/session');
    session.signIn('a.b.c', user(role));
    return {
      session,
      forbidden: await import('#client/admin/kit/forbidden'),
      api: await import('#client/admin/kit/admin-api'),
    };
  }

  test('with the same role: the page is marked refused, the error still thrown with the message', async () => {
    const { forbidden, api } = await signedInAs('commercial');
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/auth/user')
        ? json({ user: user('commercial') })
        : json({ message: FORBIDDEN_MESSAGE }, 403),
    );
    await expect(api.adminApi('/admin/project-submissions')).rejects.toMatchObject({
      status: 403,
      message: FORBIDDEN_MESSAGE,
    });
    expect(forbidden.refusedPath()).toBe('');
    forbidden.clearForbidden();
    expect(forbidden.refusedPath()).toBeNull();
  });

  test('with a new role: the session takes it (the gates judge with it) and no page is marked', async () => {
    const { forbidden, api, session } = await signedInAs('commercial');
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/auth/user')
        ? json({ user: user('editeur') })
        : json({ message: FORBIDDEN_MESSAGE }, 403),
    );
    await expect(api.adminApi('/admin/project-submissions')).rejects.toMatchObject({ status: 403 });
    expect(forbidden.refusedPath()).toBeNull();
    expect(session.currentSession()).toEqual({ status: 'authenticated', user: user('editeur') });
  });

  test('a background call (the sidebar badge) leaves the page alone and reads no user', async () => {
    const { forbidden, api } = await signedInAs('commercial');
    fetchMock.mockResolvedValue(json({ message: FORBIDDEN_MESSAGE }, 403));
    await expect(api.adminApi('/admin/contact-messages', { background: true })).rejects.toMatchObject({
      status: 403,
    });
    expect(forbidden.refusedPath()).toBeNull();
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toEqual(['/api/admin/contact-messages']);
  });
});
