import classes from './home.module.css';

/** Pictures shipped in public/images/gallery, in the order they are shown. */
const GALLERY = [
  { src: '/images/gallery/gallery-1.jpg', alt: 'A pink bottle of nail polish with sparkles' },
  { src: '/images/gallery/gallery-2.jpg', alt: 'A lit white candle between green leaves' },
  { src: '/images/gallery/gallery-3.jpg', alt: 'A purple lipstick under a crescent moon' },
  { src: '/images/gallery/gallery-4.jpg', alt: 'Hairdressing scissors and a comb' },
  { src: '/images/gallery/gallery-5.jpg', alt: 'Soap bubbles and a drop of water' },
  { src: '/images/gallery/gallery-6.jpg', alt: 'A stack of smooth massage stones with leaves' },
] as const;

/** An Instagram-style square grid, three across; pictures load as they scroll into view. */
export function StudioGallery() {
  return (
    <ul className={classes.gallery}>
      {GALLERY.map((image) => (
        <li key={image.src}>
          <img
            className={classes.galleryImage}
            src={image.src}
            alt={image.alt}
            width={600}
            height={600}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}
