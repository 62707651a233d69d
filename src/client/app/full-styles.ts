// Every Mantine component's style, loaded with each back-office screen after the public site's
// sheet (routes.tsx), which holds the notifications' styles: Vite loads both with the screen's
// chunk, before it renders. Layered like entry-styles.ts, so it cannot override the app's own CSS.
import '@mantine/core/styles.layer.css';
