// Issue 18: to be built.
export function WebhooksSection() {
  return null;
}
