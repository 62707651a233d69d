// Issue 18: to be built.
export function NotificationsSection() {
  return null;
}
