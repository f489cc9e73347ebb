import { COLLECTIONS, type Collection, type UserType } from '../../../../shared/api.ts';
import { COLLECTION_TITLES, useCollection } from '../api.ts';
import { ProductCarousel } from './product-carousel.tsx';

function CollectionCarousel({ type, userType }: { type: Collection; userType: UserType }) {
  const query = useCollection(type, { userType, poll: true });
  return (
    <ProductCarousel
      type={type}
      title={COLLECTION_TITLES[type]}
      parts={query.data}
      isPending={query.isPending}
      isError={query.isError}
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
