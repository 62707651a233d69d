// The styles of @mantine/charts, loaded with the back office's charts only (the Reports page and
// the dashboard), never with the public entry. Layered like entry-styles.ts, so they cannot
// override the app's own CSS.
import '@mantine/charts/styles.layer.css';
