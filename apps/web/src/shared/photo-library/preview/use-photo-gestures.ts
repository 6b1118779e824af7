import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { isMobileScreen } from '../../ui/screen';
import type { Direction } from './photo-walk';

/** docs/product/states.md, limits.md: zoom toggles between 1 and 2.5. */
export const ZOOM_SCALE = 2.5;
/** docs/product/states.md, limits.md: a swipe released past 35% of the width (or height) changes the photo (or closes). */
export const SWIPE_THRESHOLD = 0.35;
/** docs/product/limits.md: two taps within 200 ms are a double tap. */
export const DOUBLE_TAP_MS = 200;
/** A pointer that moves less than this is a tap, not a drag (a finger always moves a little). */
const TAP_SLOP_PX = 10;

export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };

interface Gesture {
  pointerId: number;
  startX: number;
  startY: number;
  moved: boolean;
  axis: 'x' | 'y' | null;
  startZoom: Zoom;
}

export interface PhotoGestureOptions {
  stage: RefObject<HTMLElement | null>;
  image: RefObject<HTMLElement | null>;
  zoom: Zoom;
  onZoomChange: (zoom: Zoom) => void;
  /** A swipe left asks for the next photo, a swipe right for the previous one. */
  onSwipe: (direction: Direction) => void;
  onSwipeClose: () => void;
  onTap: () => void;
}

const clamp = (value: number, bound: number) => Math.min(bound, Math.max(-bound, value));

/**
 * Pointer gestures of the full-screen preview (docs/product/photos.md, states.md): swipe left or right to change the
 * photo, swipe down to close on mobile, tap to show or hide the controls, double-tap to zoom at the
 * tapped point, drag to pan while zoomed. Pointer events cover touch, pen and mouse alike.
 */
export function usePhotoGestures(options: PhotoGestureOptions) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const gesture = useRef<Gesture | null>(null);
  const pendingTap = useRef<{ at: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const [drag, setDrag] = useState<{ x: number; y: number } | null>(null);

  useEffect(() => () => clearTimeout(pendingTap.current?.timer), []);

  /** How far a zoomed image may move before its edge comes into the stage. */
  const panBounds = (scale: number) => {
    const stage = latest.current.stage.current;
    const image = latest.current.image.current;
    if (!stage || !image) return { x: 0, y: 0 };
    return {
      x: Math.max(0, (image.offsetWidth * scale - stage.clientWidth) / 2),
      y: Math.max(0, (image.offsetHeight * scale - stage.clientHeight) / 2),
    };
  };

  const toggleZoomAt = (clientX: number, clientY: number) => {
    const { zoom, onZoomChange, stage } = latest.current;
    if (zoom.scale > 1 || !stage.current) {
      onZoomChange(NO_ZOOM);
      return;
    }
    // Keep the tapped point under the finger: a point p from the centre lands at p * scale + shift.
    const rect = stage.current.getBoundingClientRect();
    const fromCentreX = clientX - rect.left - stage.current.clientWidth / 2;
    const fromCentreY = clientY - rect.top - stage.current.clientHeight / 2;
    const bounds = panBounds(ZOOM_SCALE);
    onZoomChange({
      scale: ZOOM_SCALE,
      x: clamp(fromCentreX * (1 - ZOOM_SCALE), bounds.x),
      y: clamp(fromCentreY * (1 - ZOOM_SCALE), bounds.y),
    });
  };

  const tap = (clientX: number, clientY: number) => {
    const now = Date.now();
    const previous = pendingTap.current;
    if (previous && now - previous.at <= DOUBLE_TAP_MS) {
      clearTimeout(previous.timer);
      pendingTap.current = null;
      toggleZoomAt(clientX, clientY);
      return;
    }
    // A single tap waits out the double-tap window, so a double tap does not flash the controls.
    const timer = setTimeout(() => {
      pendingTap.current = null;
      latest.current.onTap();
    }, DOUBLE_TAP_MS);
    pendingTap.current = { at: now, timer };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (gesture.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // jsdom (tests) has no pointer capture; browsers keep the gesture when the pointer leaves.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    gesture.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      moved: false,
      axis: null,
      startZoom: latest.current.zoom,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current || event.pointerId !== current.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.moved && Math.hypot(dx, dy) < TAP_SLOP_PX) return;
    current.moved = true;
    if (current.startZoom.scale > 1) {
      const bounds = panBounds(current.startZoom.scale);
      latest.current.onZoomChange({
        scale: current.startZoom.scale,
        x: clamp(current.startZoom.x + dx, bounds.x),
        y: clamp(current.startZoom.y + dy, bounds.y),
      });
      return;
    }
    current.axis ??= Math.abs(dx) >= Math.abs(dy) ? 'x' : 'y';
    if (current.axis === 'x') setDrag({ x: dx, y: 0 });
    else if (isMobileScreen()) setDrag({ x: 0, y: Math.max(0, dy) });
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current || event.pointerId !== current.pointerId) return;
    gesture.current = null;
    setDrag(null);
    if (!current.moved) {
      tap(event.clientX, event.clientY);
      return;
    }
    if (current.startZoom.scale > 1) return;
    const stage = latest.current.stage.current;
    if (!stage) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    // Short of the threshold the photo snaps back (the drag offset is already cleared).
    if (current.axis === 'x' && Math.abs(dx) > stage.clientWidth * SWIPE_THRESHOLD) {
      latest.current.onSwipe(dx < 0 ? 'next' : 'previous');
    } else if (current.axis === 'y' && isMobileScreen() && dy > stage.clientHeight * SWIPE_THRESHOLD) {
      latest.current.onSwipeClose();
    }
  };

  const onPointerCancel = () => {
    gesture.current = null;
    setDrag(null);
  };

  const toggleZoom = () => {
    const stage = latest.current.stage.current;
    if (!stage) return;
    const rect = stage.getBoundingClientRect();
    toggleZoomAt(rect.left + stage.clientWidth / 2, rect.top + stage.clientHeight / 2);
  };

  return {
    drag,
    toggleZoom,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel },
  };
}
