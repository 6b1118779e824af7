/** docs/product/limits.md: screens up to 575 px wide are mobile (no preview arrows, swipe to close, the app link). */
export const MOBILE_QUERY = '(max-width: 575px)';

export const isMobileScreen = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
