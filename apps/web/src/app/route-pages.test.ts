import { describe, expect, it } from 'vitest';
import { routePages } from './route-pages';

// The same modules the router loads its pages from.
const pageModules = import.meta.glob<Record<string, unknown>>('../features/**/*.page.tsx');

describe('the page of every route', () => {
  it.each(Object.entries(routePages))(
    '%s: its module exists and exports the component named',
    async (_id, page) => {
      const load = pageModules[`../features/${page.module}.tsx`];
      expect(load, `features/${page.module}.tsx`).toBeDefined();
      expect(typeof (await load!())[page.component]).toBe('function');
    },
  );
});
