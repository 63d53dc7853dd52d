/**
 * Netlify's routing of functions by their `config` (Netlify docs, Functions API, "Path"): `path`
 * and `excludedPath` are URLPattern pathnames, `method` narrows a route, and `preferStatic` lets a
 * published file win. Both local servers route with this table, so they agree. Matching is
 * case-sensitive, as on the CDN (the emulation lower-cases paths, so it would answer
 * `/api/reviews/SEARCH`); a trailing slash is ignored, as both do.
 */
export interface FunctionRouteConfig {
  path?: string | string[];
  excludedPath?: string | string[];
  preferStatic?: boolean;
  method?: string | string[];
}

export interface FunctionRoute {
  name: string;
  patterns: URLPattern[];
  excluded: URLPattern[];
  preferStatic: boolean;
  /** Upper-case methods, or null for any method. */
  methods: readonly string[] | null;
}

export interface RouteMatch {
  route: FunctionRoute;
  params: Record<string, string>;
}

const toList = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Compiles a function's config into a route, or null for a function without `path` (scheduled, event). */
export function compileFunctionRoute(name: string, config: FunctionRouteConfig): FunctionRoute | null {
  const paths = toList(config.path);
  if (paths.length === 0) return null;
  const methods = toList(config.method).map((method) => method.toUpperCase());
  return {
    name,
    patterns: paths.map((pathname) => new URLPattern({ pathname })),
    excluded: toList(config.excludedPath).map((pathname) => new URLPattern({ pathname })),
    preferStatic: config.preferStatic === true,
    methods: methods.length === 0 ? null : methods,
  };
}

function stripTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/** The first route (in the order given) whose path matches and no excluded path does, with its named parameters. */
export function matchFunctionRoute(routes: readonly FunctionRoute[], pathname: string, method: string): RouteMatch | null {
  const path = stripTrailingSlash(pathname);
  for (const route of routes) {
    if (route.methods !== null && !route.methods.includes(method)) continue;
    for (const pattern of route.patterns) {
      const result = pattern.exec({ pathname: path });
      if (result === null) continue;
      if (route.excluded.some((excluded) => excluded.test({ pathname: path }))) break;
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(result.pathname.groups)) {
        if (value !== undefined && !/^\d+$/.test(key)) params[key] = value;
      }
      return { route, params };
    }
  }
  return null;
}

/**
 * The files that may answer a path, in the order the CDN tries them (the
 * emulation's @netlify/static does the same): the path itself, then the
 * `.html` and `/index.html` forms of a pretty URL.
 */
export function listStaticCandidates(pathname: string): string[] {
  const candidates: string[] = [];
  if (pathname.endsWith("/")) {
    if (pathname !== "/") candidates.push(`${pathname.slice(0, -1)}.html`, `${pathname.slice(0, -1)}.htm`);
    candidates.push(`${pathname}index.html`, `${pathname}index.htm`);
  } else {
    candidates.push(pathname);
    if (!/\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/.test(pathname)) {
      candidates.push(`${pathname}.html`, `${pathname}.htm`, `${pathname}/index.html`, `${pathname}/index.htm`);
    }
  }
  return candidates;
}
