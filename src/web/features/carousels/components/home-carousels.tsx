import { useDeferredValue } from 'react';
import { COLLECTIONS, type Collection, type UserType } from '../../../../shared/api.ts';
import { COLLECTION_TITLES, useCollection } from '../api.ts';
import { ProductCarousel } from './product-carousel.tsx';

function CollectionCarousel({ type, userType }: { type: Collection; userType: UserType }) {
  const query = useCollection(type, { userType, poll: true });
  // Cards render in the background once they arrive (see CatalogueResults): the placeholder stays until then.
  const parts = useDeferredValue(query.data);
  return (
    <ProductCarousel
      type={type}
      title={COLLECTION_TITLES[type]}
      parts={parts}
      isPending={parts === undefined && !query.isError}
      isError={query.isError && parts === undefined}
    />
  );
}

/** The three catalogue carousels (featured, new arrivals, on sale), refreshed every 10 s. */
export function HomeCarousels({ userType }: { userType: UserType }) {
  return (
    <div className="space-y-4">
      {COLLECTIONS.map((type) => (
        <CollectionCarousel key={type} type={type} userType={userType} />
      ))}
    </div>
  );
}
