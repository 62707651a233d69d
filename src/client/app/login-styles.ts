// The Mantine styles the admin login page needs beyond the entry's (entry-styles.ts): its fields
// and links. The complete sheet (full-styles.ts, 30 KB compressed) would hold up a page that
// shows one small form; the back office behind it loads the complete sheet as before.
// Order as in @mantine/core/styles.css, layered like entry-styles.ts.
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
