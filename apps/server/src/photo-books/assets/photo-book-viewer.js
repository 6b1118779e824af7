/* global document */
// The online photo book: one page at a time. Arrow keys, Page Up/Down, Home and End turn pages; a
// swipe past 35% of the width turns one on a touch screen; the zoom button or a double click zooms
// to 2.5 and the enlarged page then scrolls. Pages load when they come near, never all at once.
(() => {
  const viewer = document.querySelector('.viewer[data-page-count]');
  if (!viewer) return;
  const pages = Array.from(viewer.querySelectorAll('.page'));
  const stage = viewer.querySelector('.stage');
  const status = viewer.querySelector('.status');
  const zoomButton = viewer.querySelector('[data-action="zoom"]');
  const count = pages.length;
  let current = 1;
  let zoomed = false;

  const load = (number) => {
    const image = pages[number - 1]?.querySelector('img[data-srcset]');
    if (!image) return;
    image.sizes = image.dataset.lazySizes;
    image.srcset = image.dataset.srcset;
    image.removeAttribute('data-srcset');
    image.removeAttribute('data-lazy-sizes');
  };
  // The neighbours only once the page shown has arrived: they must not share its bandwidth.
  const loadNeighboursOf = (number) => {
    const image = pages[number - 1].querySelector('img');
    const neighbours = () => {
      load(number + 1);
      load(number - 1);
    };
    if (image.complete) neighbours();
    else image.addEventListener('load', neighbours, { once: true });
  };

  const setZoom = (on) => {
    zoomed = on;
    stage.classList.toggle('zoomed', on);
    // Enlarged, the page is 2.5 times the stage's width: the browser then takes the largest file.
    const image = pages[current - 1].querySelector('img');
    if (on) {
      image.dataset.sizes = image.sizes;
      image.sizes = `${Math.round(stage.clientWidth * 2.5)}px`;
    } else if (image.dataset.sizes) {
      image.sizes = image.dataset.sizes;
    }
    const label = on ? viewer.dataset.zoomOut : viewer.dataset.zoomIn;
    zoomButton.setAttribute('aria-label', label);
    zoomButton.title = label;
    zoomButton.setAttribute('aria-pressed', String(on));
    zoomButton.querySelector('span').textContent = on ? '−' : '+';
  };

  const show = (wanted) => {
    const number = Math.min(count, Math.max(1, wanted));
    if (number === current) return;
    setZoom(false);
    pages[current - 1].hidden = true;
    current = number;
    load(number);
    pages[number - 1].hidden = false;
    loadNeighboursOf(number);
    status.textContent = viewer.dataset.status
      .replace('{page}', String(number))
      .replace('{pages}', String(count));
  };

  const actions = {
    first: () => show(1),
    previous: () => show(current - 1),
    next: () => show(current + 1),
    last: () => show(count),
    zoom: () => setZoom(!zoomed),
  };
  viewer.querySelector('.controls').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action]');
    if (button) actions[button.dataset.action]();
  });

  const keys = {
    ArrowRight: actions.next,
    ArrowDown: actions.next,
    PageDown: actions.next,
    ArrowLeft: actions.previous,
    ArrowUp: actions.previous,
    PageUp: actions.previous,
    Home: actions.first,
    End: actions.last,
  };
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const action = keys[event.key];
    // Zoomed in, the arrows scroll the enlarged page instead.
    if (!action || (zoomed && event.key.startsWith('Arrow'))) return;
    event.preventDefault();
    action();
  });

  stage.addEventListener('dblclick', () => setZoom(!zoomed));

  let swipeStart;
  stage.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'mouse' && !zoomed) swipeStart = event.clientX;
  });
  stage.addEventListener('pointerup', (event) => {
    if (swipeStart === undefined) return;
    const moved = event.clientX - swipeStart;
    swipeStart = undefined;
    if (Math.abs(moved) > stage.clientWidth * 0.35) show(current + (moved < 0 ? 1 : -1));
  });
  stage.addEventListener('pointercancel', () => (swipeStart = undefined));

  loadNeighboursOf(1);
})();
