import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import type { PublicEvent } from '../public-api';
import { EventCard } from './event-card';
import { Icon } from './icons';

/** SPEC §9: a card is 300 px wide with a 32 px gap; an arrow press moves one card. */
export const CARD_WIDTH = 300;
export const CARD_GAP = 32;
/** SPEC §9: the right end counts as reached within 10 px. */
export const SCROLL_RIGHT_MARGIN = 10;
/** Cards rendered at once when the row first shows: more than a wide screen shows. */
const FIRST_CARDS = 4;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The horizontally scrolling row of event cards with previous / next arrows. */
export function EventsCarousel({ events }: { events: readonly PublicEvent[] }) {
  const { t } = useTranslation('events');
  // The first cards at once, the rest in a background render React interrupts for input: a
  // hundred cards rendered in one go kept a slow phone's main thread busy for over a second.
  const shown = useDeferredValue(events, events.slice(0, FIRST_CARDS));
  const scroller = useRef<HTMLDivElement>(null);
  const [canScrollLeft, setCanScrollLeft] = useState(false);
  const [canScrollRight, setCanScrollRight] = useState(false);

  const updateScrollState = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    setCanScrollLeft(element.scrollLeft > 0);
    setCanScrollRight(element.scrollLeft + element.clientWidth < element.scrollWidth - SCROLL_RIGHT_MARGIN);
  }, []);

  // The ends move when the cards or the viewport change, not only on scroll.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const frame = requestAnimationFrame(updateScrollState);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(updateScrollState);
    observer?.observe(element);
    window.addEventListener('resize', updateScrollState);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('resize', updateScrollState);
    };
  }, [shown, updateScrollState]);

  function scrollByOneCard(direction: -1 | 1) {
    scroller.current?.scrollBy({
      left: direction * (CARD_WIDTH + CARD_GAP),
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }

  return (
    <div className="events-carousel">
      <div className="events-carousel__controls">
        <button
          type="button"
          className="events-carousel__arrow"
          onClick={() => scrollByOneCard(-1)}
          disabled={!canScrollLeft}
          aria-controls="events-carousel-track"
        >
          <Icon name="chevronLeft" />
          <span className="visually-hidden">{t('list.previous')}</span>
        </button>
        <button
          type="button"
          className="events-carousel__arrow"
          onClick={() => scrollByOneCard(1)}
          disabled={!canScrollRight}
          aria-controls="events-carousel-track"
        >
          <Icon name="chevronRight" />
          <span className="visually-hidden">{t('list.next')}</span>
        </button>
      </div>
      {/* Focusable so that the row can also be scrolled with the keyboard's arrow keys. */}
      <div
        id="events-carousel-track"
        ref={scroller}
        className="events-carousel__track"
        role="region"
        aria-label={t('list.carouselLabel')}
        tabIndex={0}
        onScroll={updateScrollState}
      >
        <ul className="plain-list events-carousel__list">
          {shown.map((event, index) => (
            <li key={event.id} className="events-carousel__item">
              <EventCard event={event} priority={index === 0} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * The carousel while the events load: the same controls row and cards of a real card's size (its
 * 16:9 picture and body), so that nothing below moves when the cards arrive. Screen readers hear
 * the label once.
 */
export function EventsCarouselSkeleton({ label }: { label: string }) {
  return (
    <div className="events-carousel" role="status">
      <span className="visually-hidden">{label}</span>
      <div className="events-carousel__controls" aria-hidden="true">
        <span className="events-carousel__arrow events-carousel__arrow--skeleton" />
        <span className="events-carousel__arrow events-carousel__arrow--skeleton" />
      </div>
      <div className="events-carousel__track" aria-hidden="true">
        <ul className="plain-list events-carousel__list">
          {[0, 1, 2].map((index) => (
            <li key={index} className="events-carousel__item">
              <div className="event-card event-card--skeleton">
                <div className="event-card__image event-card--skeleton__block" />
                <div className="event-card__body">
                  <span className="event-card--skeleton__line event-card--skeleton__line--short" />
                  <span className="event-card--skeleton__line event-card--skeleton__line--title" />
                  <span className="event-card--skeleton__line" />
                  <span className="event-card--skeleton__line" />
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
