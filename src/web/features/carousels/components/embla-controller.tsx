import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

/** The embla API of one carousel. */
export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * Attaches embla to a carousel viewport that is already on the page and reports its API; renders
 * nothing. Loaded on demand (see `ProductCarousel`), so embla is not part of the first load and the
 * cards rendered before it arrives are kept as they are.
 */
export default function EmblaController({ viewport, onApi }: { viewport: HTMLElement; onApi: (api: CarouselApi | undefined) => void }) {
  const [emblaRef, api] = useEmblaCarousel({ align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps', duration: 25 });
  useEffect(() => {
    emblaRef(viewport);
  }, [emblaRef, viewport]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
