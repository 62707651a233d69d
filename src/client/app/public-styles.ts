// The Mantine styles of the public pages beyond the entry's (entry-styles.ts): their fields,
// selects and date picker, My account's switch, modals, tables and badges, the popups of the public site (the phone
// drawer, the account menu, toasts), and the admin login's form. The complete sheet
// (full-styles.ts, 36 KB compressed) would block the first paint of every public page but the
// home page; the back office still loads it.
// Each component comes with those it is built from (Select: Combobox, Popover, Input, ScrollArea;
// Modal and Drawer: ModalBase, Overlay; PasswordInput: ActionIcon). The date field brings the dates
// sheet itself (components/forms/date-field.tsx).
// Order as in @mantine/core/styles.css, layered like entry-styles.ts.
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/AspectRatio.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/notifications/styles.layer.css';
