// What each route tells the shell through react-router's `handle` (read with useMatches()).
import { useMatches } from 'react-router-dom';

export interface RouteHandle {
  /** i18n key of the page title (tabs, breadcrumb). */
  titleKey: string;
  /** i18n key of the menu group (breadcrumb's first item). */
  groupKey?: string;
  /** i18n keys of sub-titles by the value of the `type` query parameter (videoGroup?type=wall). */
  subTitles?: Readonly<Record<string, string>>;
  hideBreadcrumb?: boolean;
  fullScreen?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).titleKey === 'string';
}

/** The deepest matched route's handle, if it has one. */
export function usePageHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
