/**
 * The web app's pages by path: the browser's router draws them (apps/web/src/app/router.tsx) and
 * the server answers its page (index.html) at each and below (apps/server/src/app.ts). Paths are
 * lower case with no trailing slash.
 */
export const APP_PATHS = {
  home: '/',
  login: '/login',
  sales: '/sales',
  loaders: '/loaders',
  dashboard: '/dashboard',
  admin: '/admin',
  account: '/account',
  stock: '/stock',
} as const;
export type AppPath = (typeof APP_PATHS)[keyof typeof APP_PATHS];

/** Every page's path. */
export const APP_PATH_LIST: readonly AppPath[] = Object.values(APP_PATHS);

/**
 * The pages a yard sign-in (ROLE_YARD alone) may open: the Loaders and its own account; it is
 * sent to the Loaders (YARD_HOME) from every other signed-in page (docs/decisions/029-yard-role.md).
 */
export const YARD_PATHS: readonly AppPath[] = [APP_PATHS.loaders, APP_PATHS.account];
/** Where a yard sign-in lands. */
export const YARD_HOME = APP_PATHS.loaders;

/** Whether a yard sign-in may open the page at `path`. */
export const isYardPath = (path: string): boolean => (YARD_PATHS as readonly string[]).includes(path);

/** Whether `pathname` is one of the app's pages or below one ('/sales', '/sales/x'; not '//x'). */
export function isAppPagePath(pathname: string): boolean {
  return APP_PATH_LIST.some((p) => pathname === p || (p !== APP_PATHS.home && pathname.startsWith(`${p}/`)));
}
