// Issue 18: to be built.
export function MessagesSection() {
  return null;
}
