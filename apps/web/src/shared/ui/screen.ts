/** docs/product/limits.md: screens up to 575 px wide are mobile (no preview arrows, swipe to close, the app link). */
const MOBILE_QUERY = '(max-width: 575px)';

/** docs/product/limits.md: thumbnails of 300 px on small and medium screens, 800 px on large ones (from 1280 px). */
const LARGE_SCREEN_QUERY = '(min-width: 1280px)';

const matches = (query: string) =>
  typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

export const isMobileScreen = () => matches(MOBILE_QUERY);

/**
 * The thumbnail size for this screen, asked of a media query: `window.innerWidth`, read during a render
 * as the timeline and the album tiles did, makes the browser lay the page out there and then (measured
 * on the photos page's first commit: the layout moves to the timeline's own measuring, it does not go).
 */
export const thumbnailSizeForScreen = (): 300 | 800 => (matches(LARGE_SCREEN_QUERY) ? 800 : 300);
