// Every Mantine style, imported by each lazily loaded screen and widget (router.tsx, the toast
// host, the account menu, the phone drawer): Vite loads this sheet with their chunk, before they
// render. Layered like entry-styles.ts, so it cannot override the app's own CSS.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
