// Page modules are found by convention: console/pages/<page>/index.tsx exporting the page as default.
// A route whose module does not exist yet (owned by a later issue) shows the 404 page instead of a
// placeholder that pretends to work. Each module is its own lazily loaded chunk.
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

const modules = import.meta.glob<PageModule>('../pages/*/index.tsx');

export function hasPage(page: string): boolean {
  return `../pages/${page}/index.tsx` in modules;
}

export async function loadPage(page: string): Promise<ComponentType> {
  const load = modules[`../pages/${page}/index.tsx`];
  if (!load) return (await import('../errors/error-pages.tsx')).NotFoundPage;
  return (await load()).default;
}
