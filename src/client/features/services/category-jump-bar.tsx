import { Link, useLocation } from 'react-router';
import { categoryLabel } from '@/client/lib/format';
import { categorySectionId } from './group-services';
import classes from './service-page.module.css';

/**
 * Links to each category's section of the Services page. It sticks under the header while the
 * list scrolls by (CSS), and scrolls sideways on a phone when the categories do not fit.
 */
export function CategoryJumpBar({ categories }: { categories: readonly string[] }) {
  // The address keeps what it says (a chosen service, a review link); only the anchor changes.
  const { search } = useLocation();
  return (
    <nav aria-label="Service categories" className={classes.jumpBar}>
      <ul className={classes.jumpList}>
        {categories.map((category) => (
          <li key={category}>
            <Link to={{ search, hash: `#${categorySectionId(category)}` }} className={classes.jumpLink}>
              {categoryLabel(category)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
