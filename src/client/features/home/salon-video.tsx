import classes from './home.module.css';

/**
 * A short silent film shipped with the app (public/video). It never plays or downloads by itself:
 * `preload="none"` fetches nothing until the visitor presses play, and the poster stands in
 * until then.
 */
export function SalonVideo() {
  return (
    <video
      className={classes.video}
      controls
      muted
      playsInline
      preload="none"
      poster="/video/salon-poster.jpg"
      width={640}
      height={360}
      aria-label="A short silent slideshow of our services: make up, hair styling, nail care, cosmetology and SPA"
    >
      <source src="/video/salon.webm" type="video/webm" />
      Your browser cannot play this video.
    </video>
  );
}
