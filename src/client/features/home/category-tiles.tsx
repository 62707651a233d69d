import { Columns } from '@/client/components/layout/columns';
import { Link } from 'react-router';
import { SERVICE_CATEGORIES, type ServiceCategory } from '@/shared/constants';
import { categoryLabel } from '@/client/lib/format';
import { categorySectionId } from '@/client/features/services/group-services';
import classes from './home.module.css';

/** Pictures shipped in public/images/categories, one per category. */
const TILE_IMAGES: Record<ServiceCategory, string> = {
  'Make up': '/images/categories/make-up.jpg',
  'Hair styling': '/images/categories/hair-styling.jpg',
  'Nail care': '/images/categories/nail-care.jpg',
  cosmetology: '/images/categories/cosmetology.jpg',
  'SPA procedures': '/images/categories/spa-procedures.jpg',
};

/** One tile per category, each opening the Services page at that category's section. */
export function CategoryTiles() {
  return (
    <Columns component="ul" cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
      {SERVICE_CATEGORIES.map((category) => (
        <li key={category}>
          <Link to={`/service#${categorySectionId(category)}`} className={classes.tile}>
            {/* The label below names the tile; the picture is decoration. */}
            <img
              src={TILE_IMAGES[category]}
              alt=""
              width={480}
              height={320}
              loading="lazy"
              style={{ display: 'block', width: '100%', height: 'auto' }}
            />
            <span className={classes.tileLabel}>{categoryLabel(category)}</span>
          </Link>
        </li>
      ))}
    </Columns>
  );
}
